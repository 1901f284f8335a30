// Loopback servers for tests live here.
