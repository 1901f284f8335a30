// The sandbox API server (issue 5) lives here.
