import Testing

@testable import MentionServerCore

/// The request parser against RFC 8259's grammar, case by case (worked from the RFC's
/// sections 2–8), and the writer's escaping.
struct JSONTests {
  @Test(arguments: [
    (#"{"a":1}"#, JSON.object(["a": .number(1)])),
    (" [ ] ", .array([])),
    (
      #"{"t":true,"f":false,"n":null}"#, .object(["t": .bool(true), "f": .bool(false), "n": .null])
    ),
    (#"-0.5e+2"#, .number(-50)),
    (#"0"#, .number(0)),
    (#""a\"\\\/\b\f\n\r\t""#, .string("a\"\\/\u{8}\u{C}\n\r\t")),
    (#""\u00e9\u0000""#, .string("é\u{0}")),
    (#""\ud83d\ude00""#, .string("😀")),
    (#""😀 é""#, .string("😀 é")),
    (#"{"a":{"a":2}}"#, .object(["a": .object(["a": .number(2)])])),
  ])
  func accepts(_ text: String, _ expected: JSON) throws {
    #expect(try JSON.parse(Array(text.utf8)) == expected)
  }

  @Test(arguments: [
    "", "{", "}", "[1,]", "{\"a\":1,}", "{a:1}", "'a'", "01", "1.", ".5", "1e", "+1", "-",
    "NaN", "Infinity", "tru", "nul", "\"a", "\"\\x\"", "\"\\u12\"", "\"\\ud83d\"",
    "\"\\ude00\"", "\"a\tb\"", "1 2", "{\"a\" 1}", "[1 2]",
    String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
  ])
  func rejects(_ text: String) {
    #expect(throws: JSON.SyntaxError.self) { try JSON.parse(Array(text.utf8)) }
  }

  @Test func writerEscapesWhatRFC8259Requires() {
    var out = JSONOutput()
    out.string("a\"b\\c\n\u{1}\u{1F}é😀</")
    #expect(String(decoding: out.bytes, as: UTF8.self) == #""a\"b\\c\n\u0001\u001fé😀</""#)
  }
}
