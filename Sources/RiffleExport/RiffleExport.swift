// JSON export (issue 7) lives here.
