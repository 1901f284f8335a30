// The config fuzzer (issue 4) lives here.
