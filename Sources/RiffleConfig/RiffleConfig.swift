// The YAML node tree and config decoding (issue 4) live here.
