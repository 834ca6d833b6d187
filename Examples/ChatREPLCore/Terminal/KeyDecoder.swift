/// A key press, decoded from the bytes a terminal sends in raw mode.
enum Key: Equatable, Sendable {
  /// Printable text: one scalar typed, or a run of pasted text.
  case text(String)
  case enter, tab, backTab, backspace, delete, escape
  case up, down, left, right, home, end
  case wordLeft, wordRight
  /// Ctrl-C, Ctrl-D, Ctrl-K, Ctrl-L, Ctrl-U, Ctrl-W (the others map to named keys).
  case interrupt, endOfFile, killToEnd, redraw, killToStart, deleteWord
  /// A sequence the app does not use.
  case unknown(String)
}

/// Decodes terminal input bytes into keys, across reads.
///
/// Handles UTF-8 split between reads, CSI (`ESC [`) and SS3 (`ESC O`) sequences, `Alt`+key as
/// `ESC` + key, bracketed paste (one text key, line breaks and all), and the lone `Esc` key: an `ESC` at the end of the input is held back until more
/// bytes arrive or the caller calls ``flush()`` after a short timeout.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed(Array("a\u{1B}[A".utf8))  // [.text("a"), .up]
/// decoder.feed([0x1B])                  // []: maybe the start of a sequence
/// decoder.flush()                       // [.escape]
/// ```
struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// Whether bytes are held back (a possible escape sequence or an incomplete UTF-8 scalar).
  var hasPending: Bool { !pending.isEmpty }

  /// Decodes as many keys as the bytes complete.
  mutating func feed(_ bytes: [UInt8]) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    decoding: while index < pending.count {
      let byte = pending[index]
      switch byte {
      case 0x1B where Self.starts(pending, with: Self.pasteStart, at: index):
        // Bracketed paste: everything up to the end marker is text, line breaks included, so
        // a pasted line break does not send the message.
        let start = index + Self.pasteStart.count
        guard let end = Self.find(Self.pasteEnd, in: pending, from: start) else {
          break decoding
        }
        Self.appendText(String(decoding: pending[start..<end], as: UTF8.self), to: &keys)
        index = end + Self.pasteEnd.count
      case 0x1B:
        guard let (key, length) = Self.escapeSequence(pending, at: index) else { break decoding }
        keys.append(key)
        index += length
      case 0x00..<0x20, 0x7F:
        keys.append(Self.control(byte))
        index += 1
      default:
        let length = Self.utf8Length(byte)
        guard index + length <= pending.count else { break decoding }
        Self.appendText(
          String(decoding: pending[index..<(index + length)], as: UTF8.self), to: &keys)
        index += length
      }
    }
    pending.removeFirst(index)
    return keys
  }

  /// Ends a held-back sequence: a lone `ESC` is the Esc key; an unfinished paste is text; an
  /// incomplete scalar is dropped.
  mutating func flush() -> [Key] {
    defer { pending.removeAll() }
    guard let first = pending.first else { return [] }
    if Self.starts(pending, with: Self.pasteStart, at: 0) {
      return [.text(String(decoding: pending.dropFirst(Self.pasteStart.count), as: UTF8.self))]
    }
    if first == 0x1B {
      var keys: [Key] = [.escape]
      var rest = KeyDecoder()
      keys += rest.feed(Array(pending.dropFirst()))
      return keys
    }
    return []
  }

  /// What a terminal in bracketed-paste mode sends around pasted text.
  static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  private static func starts(_ bytes: [UInt8], with marker: [UInt8], at index: Int) -> Bool {
    index + marker.count <= bytes.count
      && bytes[index..<(index + marker.count)].elementsEqual(marker)
  }

  private static func find(_ marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index + marker.count <= bytes.count {
      if starts(bytes, with: marker, at: index) { return index }
      index += 1
    }
    return nil
  }

  /// Appends text, joined to the text key before it.
  private static func appendText(_ text: String, to keys: inout [Key]) {
    if case .text(let previous)? = keys.last {
      keys[keys.count - 1] = .text(previous + text)
    } else {
      keys.append(.text(text))
    }
  }

  private static func utf8Length(_ byte: UInt8) -> Int {
    switch byte {
    case 0xC0..<0xE0: 2
    case 0xE0..<0xF0: 3
    case 0xF0..<0xF8: 4
    default: 1
    }
  }

  private static func control(_ byte: UInt8) -> Key {
    switch byte {
    case 0x0D, 0x0A: .enter
    case 0x09: .tab
    case 0x7F, 0x08: .backspace
    case 0x01: .home  // Ctrl-A
    case 0x05: .end  // Ctrl-E
    case 0x02: .left  // Ctrl-B
    case 0x06: .right  // Ctrl-F
    case 0x10: .up  // Ctrl-P
    case 0x0E: .down  // Ctrl-N
    case 0x03: .interrupt
    case 0x04: .endOfFile
    case 0x0B: .killToEnd
    case 0x0C: .redraw
    case 0x15: .killToStart
    case 0x17: .deleteWord
    default: .unknown("^" + String(UnicodeScalar(byte + 0x40)))
    }
  }

  /// Decodes the escape sequence at `index`, or `nil` when it may still be incomplete.
  private static func escapeSequence(_ bytes: [UInt8], at index: Int) -> (Key, Int)? {
    guard index + 1 < bytes.count else { return nil }
    let second = bytes[index + 1]
    switch second {
    case UInt8(ascii: "["):
      // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E.
      var end = index + 2
      while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
      guard end < bytes.count else { return nil }
      let final = bytes[end]
      let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
      let length = end - index + 1
      guard (0x40...0x7E).contains(final) else {
        return (.unknown("ESC[" + parameters), length - 1)
      }
      return (csi(parameters: parameters, final: final), length)
    case UInt8(ascii: "O"):
      guard index + 2 < bytes.count else { return nil }
      let key: Key =
        switch bytes[index + 2] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: .unknown("ESC O " + String(UnicodeScalar(bytes[index + 2])))
        }
      return (key, 3)
    case UInt8(ascii: "b"): return (.wordLeft, 2)  // Alt-B
    case UInt8(ascii: "f"): return (.wordRight, 2)  // Alt-F
    case 0x7F, 0x08: return (.deleteWord, 2)  // Alt-Backspace
    case 0x1B: return (.escape, 1)  // Esc pressed twice: the first is a lone Esc.
    default: return (.escape, 1)  // Esc followed by an ordinary key.
    }
  }

  private static func csi(parameters: String, final: UInt8) -> Key {
    let modified = parameters.hasSuffix(";5") || parameters.hasSuffix(";3")
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return modified ? .wordRight : .right
    case UInt8(ascii: "D"): return modified ? .wordLeft : .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      switch parameters.split(separator: ";").first ?? "" {
      case "1", "7": return .home
      case "4", "8": return .end
      case "3": return .delete
      default: return .unknown("ESC[" + parameters + "~")
      }
    default:
      return .unknown("ESC[" + parameters + String(UnicodeScalar(final)))
    }
  }
}
