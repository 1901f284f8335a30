// The libcurl client (issue 3) lives here.
