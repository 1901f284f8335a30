internal import CLibYAML

/// libyaml alone, for the configuration benchmark: the bare `yaml_parser_parse` event loop, building
/// nothing. Lives here because only RiffleConfig imports libyaml.
package enum LibYAMLBaseline {
    /// Runs libyaml's event parser over `bytes` and counts the events; `nil` on a syntax error.
    package static func countEvents(in bytes: [UInt8]) -> Int? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var event = yaml_event_t()
            var count = 0
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                count += 1
                if done { return count }
            }
        }
    }
}
