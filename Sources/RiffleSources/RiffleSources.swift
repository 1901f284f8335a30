// Source adapters (issue 5) live here.
