// Tests for this layer live here.
