/// A JSON value (RFC 8259), parsed from UTF-8 bytes by a small strict parser: request bodies are
/// read with it rather than Foundation's `JSONDecoder`, whose cost dominated a suggestions
/// request, and whose errors cannot tell a malformed body from a number that does not fit.
enum JSON: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  /// Why a body is not JSON, with the byte offset.
  struct SyntaxError: Error, Equatable {
    var offset: Int
    var reason: String
  }

  /// Parses one JSON text (surrounding whitespace allowed). Nesting deeper than 64 levels is
  /// refused, so no body can exhaust the stack.
  static func parse(_ bytes: some Collection<UInt8>) throws(SyntaxError) -> JSON {
    var parser = Parser(bytes: Array(bytes))
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.position == parser.bytes.count else {
      throw SyntaxError(offset: parser.position, reason: "unexpected text after the value")
    }
    return value
  }

  private struct Parser {
    let bytes: [UInt8]
    var position = 0

    mutating func skipWhitespace() {
      while position < bytes.count,
        bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D
          || bytes[position] == 0x09
      {
        position += 1
      }
    }

    func fail(_ reason: String) -> SyntaxError { SyntaxError(offset: position, reason: reason) }

    mutating func value(depth: Int) throws(SyntaxError) -> JSON {
      guard depth < 64 else { throw fail("nested deeper than 64 levels") }
      guard position < bytes.count else { throw fail("the body ends where a value should be") }
      switch bytes[position] {
      case UInt8(ascii: "{"): return try object(depth: depth)
      case UInt8(ascii: "["): return try array(depth: depth)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: throw fail("unexpected character")
      }
    }

    mutating func literal(_ word: StaticString, _ value: JSON) throws(SyntaxError) -> JSON {
      let count = word.utf8CodeUnitCount
      guard position + count <= bytes.count else { throw fail("unexpected end") }
      for i in 0..<count where bytes[position + i] != word.utf8Start[i] {
        throw fail("unexpected character")
      }
      position += count
      return value
    }

    mutating func object(depth: Int) throws(SyntaxError) -> JSON {
      position += 1
      var members: [String: JSON] = [:]
      skipWhitespace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
          throw fail("expected a member name in quotes")
        }
        let key = try string()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
          throw fail("expected ':' after a member name")
        }
        position += 1
        skipWhitespace()
        members[key] = try value(depth: depth + 1)
        skipWhitespace()
        guard position < bytes.count else { throw fail("the object is not closed") }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
          continue
        }
        guard bytes[position] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
        position += 1
        return .object(members)
      }
    }

    mutating func array(depth: Int) throws(SyntaxError) -> JSON {
      position += 1
      var elements: [JSON] = []
      skipWhitespace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .array(elements)
      }
      while true {
        skipWhitespace()
        elements.append(try value(depth: depth + 1))
        skipWhitespace()
        guard position < bytes.count else { throw fail("the array is not closed") }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
          continue
        }
        guard bytes[position] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
        position += 1
        return .array(elements)
      }
    }

    mutating func number() throws(SyntaxError) -> JSON {
      let start = position
      if bytes[position] == UInt8(ascii: "-") { position += 1 }
      func digits(_ parser: inout Parser) -> Int {
        let from = parser.position
        while parser.position < parser.bytes.count,
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.position])
        {
          parser.position += 1
        }
        return parser.position - from
      }
      guard position < bytes.count else { throw fail("a number without digits") }
      if bytes[position] == UInt8(ascii: "0") {
        position += 1
      } else if digits(&self) == 0 {
        throw fail("a number without digits")
      }
      if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
        position += 1
        guard digits(&self) > 0 else { throw fail("no digits after the decimal point") }
      }
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")
      {
        position += 1
        if position < bytes.count,
          bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
        {
          position += 1
        }
        guard digits(&self) > 0 else { throw fail("no digits in the exponent") }
      }
      let text = String(decoding: bytes[start..<position], as: UTF8.self)
      guard let value = Double(text) else { throw fail("a number out of range") }
      return .number(value)
    }

    mutating func string() throws(SyntaxError) -> String {
      position += 1
      var scalars = String.UnicodeScalarView()
      var runStart = position
      func flush(_ parser: Parser, _ scalars: inout String.UnicodeScalarView) {
        if runStart < parser.position {
          scalars.append(
            contentsOf: String(decoding: parser.bytes[runStart..<parser.position], as: UTF8.self)
              .unicodeScalars)
        }
      }
      while true {
        guard position < bytes.count else { throw fail("the string is not closed") }
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") {
          flush(self, &scalars)
          position += 1
          return String(scalars)
        }
        if byte < 0x20 { throw fail("a control character inside a string") }
        if byte != UInt8(ascii: "\\") {
          position += 1
          continue
        }
        flush(self, &scalars)
        position += 1
        guard position < bytes.count else { throw fail("the string is not closed") }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          let unit = try hex4()
          if (0xD800..<0xDC00).contains(unit) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
              bytes[position + 1] == UInt8(ascii: "u")
            else { throw fail("a high surrogate escape without its low half") }
            position += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else {
              throw fail("a high surrogate escape without its low half")
            }
            scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
          } else if let scalar = Unicode.Scalar(unit) {
            scalars.append(scalar)
          } else {
            throw fail("a low surrogate escape without its high half")
          }
        default:
          throw fail("an unknown escape")
        }
        runStart = position
      }
    }

    mutating func hex4() throws(SyntaxError) -> UInt32 {
      guard position + 4 <= bytes.count else { throw fail("a \\u escape needs four hex digits") }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[position]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw fail("a \\u escape needs four hex digits")
        }
        value = value << 4 | UInt32(digit)
        position += 1
      }
      return value
    }
  }
}

/// Writes JSON text into a byte buffer: RFC 8259 string escaping (`"`, `\`, and controls as
/// `\uXXXX` or their short forms); everything else is copied as UTF-8.
struct JSONOutput {
  var bytes: [UInt8] = []

  init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

  mutating func raw(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case 0x0A: raw("\\n")
      case 0x0D: raw("\\r")
      case 0x09: raw("\\t")
      case 0..<0x20:
        raw("\\u00")
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  mutating func int(_ value: some BinaryInteger) {
    bytes.append(contentsOf: String(value).utf8)
  }

  mutating func bool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }

  /// `"key":` with a leading comma unless `first`.
  mutating func key(_ name: StaticString, first: Bool = false) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    raw(name)
    raw("\":")
  }
}
