// The line-mode reader (issue 6) lives here.
