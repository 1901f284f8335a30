/// HTML character references: the named ones feeds actually use (HTML 4's Latin-1, symbol and special
/// sets, which HTML 5 keeps) and the numeric ones, with HTML 5's reading of `&#128;`…`&#159;` as the
/// Windows-1252 characters their authors meant.
enum HTMLEntities {
    /// The scalar a named reference (`amp`, `eacute`, `hellip`; case-sensitive, without `&` and `;`)
    /// stands for, else `nil`.
    static func scalar(named name: String) -> Unicode.Scalar? {
        table[name]
    }

    /// The scalar of a numeric reference's value: C1 values as Windows-1252, and U+FFFD for a value that
    /// is not a character (0, a surrogate, beyond U+10FFFF).
    static func scalar(code: UInt32) -> Unicode.Scalar {
        if (0x80...0x9F).contains(code), let mapped = windows1252[code] {
            return mapped
        }
        guard code != 0, let scalar = Unicode.Scalar(code) else { return "\u{FFFD}" }
        return scalar
    }

    /// HTML 4's Latin-1 names, for U+00A0 to U+00FF in order.
    private static let latin1Names = [
        "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf", "laquo", "not",
        "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para", "middot", "cedil", "sup1",
        "ordm", "raquo", "frac14", "frac12", "frac34", "iquest", "Agrave", "Aacute", "Acirc", "Atilde", "Auml",
        "Aring", "AElig", "Ccedil", "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH",
        "Ntilde", "Ograve", "Oacute", "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc",
        "Uuml", "Yacute", "THORN", "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
        "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml", "eth", "ntilde", "ograve", "oacute",
        "ocirc", "otilde", "ouml", "divide", "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
    ]

    /// The other names: XML's five, HTML 4's specials and the common symbols.
    private static let otherNames: [String: UInt32] = [
        "quot": 0x22, "amp": 0x26, "apos": 0x27, "lt": 0x3C, "gt": 0x3E, "OElig": 0x152, "oelig": 0x153,
        "Scaron": 0x160, "scaron": 0x161, "Yuml": 0x178, "fnof": 0x192, "circ": 0x2C6, "tilde": 0x2DC,
        "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009, "zwnj": 0x200C, "zwj": 0x200D, "lrm": 0x200E,
        "rlm": 0x200F, "ndash": 0x2013, "mdash": 0x2014, "lsquo": 0x2018, "rsquo": 0x2019, "sbquo": 0x201A,
        "ldquo": 0x201C, "rdquo": 0x201D, "bdquo": 0x201E, "dagger": 0x2020, "Dagger": 0x2021, "bull": 0x2022,
        "hellip": 0x2026, "permil": 0x2030, "prime": 0x2032, "Prime": 0x2033, "lsaquo": 0x2039, "rsaquo": 0x203A,
        "oline": 0x203E, "frasl": 0x2044, "euro": 0x20AC, "trade": 0x2122, "larr": 0x2190, "uarr": 0x2191,
        "rarr": 0x2192, "darr": 0x2193, "harr": 0x2194, "minus": 0x2212, "infin": 0x221E, "ne": 0x2260,
        "le": 0x2264, "ge": 0x2265, "hearts": 0x2665, "alpha": 0x3B1, "beta": 0x3B2, "gamma": 0x3B3,
        "delta": 0x3B4, "lambda": 0x3BB, "mu": 0x3BC, "pi": 0x3C0, "sigma": 0x3C3, "omega": 0x3C9,
    ]

    private static let table: [String: Unicode.Scalar] = {
        var table: [String: Unicode.Scalar] = [:]
        for (offset, name) in latin1Names.enumerated() {
            table[name] = Unicode.Scalar(UInt8(0xA0 + offset))
        }
        for (name, code) in otherNames {
            if let scalar = Unicode.Scalar(code) { table[name] = scalar }
        }
        return table
    }()

    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}",
        0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}",
        0x8B: "\u{2039}", 0x8C: "\u{0152}", 0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}",
        0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
        0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}", 0x9C: "\u{0153}",
        0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]

    /// How many named references the table knows (for tests).
    static var count: Int { table.count }
}
