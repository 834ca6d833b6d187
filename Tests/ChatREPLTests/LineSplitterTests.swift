import Testing

@testable import ChatREPLCore

struct LineSplitterTests {
  /// Feeds `input` in pieces of `size` bytes and collects the lines, the last one included.
  private func split(_ input: [UInt8], pieces size: Int) -> [String] {
    var splitter = LineSplitter()
    var lines: [String] = []
    let collect = { (line: ArraySlice<UInt8>) in lines.append(String(decoding: line, as: UTF8.self))
    }
    var start = 0
    while start < input.count {
      let end = min(start + size, input.count)
      splitter.append(input[start..<end], collect)
      start = end
    }
    splitter.finish(collect)
    return lines
  }

  /// Whatever the read boundaries, the same lines: empty lines kept, a last line without `\n`
  /// kept, a line longer than any piece whole. The splitter leaves a `\r` before `\n` in the
  /// line (pipe mode drops it).
  @Test(arguments: [1, 2, 3, 5, 8, 64, 1 << 16])
  func linesDoNotDependOnReadBoundaries(size: Int) {
    let long = String(repeating: "x@jose ", count: 40)
    let input = "a\r\n\n\nb c\r\n" + long + "\n\r\nlast"
    #expect(
      split(Array(input.utf8), pieces: size) == ["a\r", "", "", "b c\r", long, "\r", "last"],
      "pieces of \(size)")
  }

  @Test func inputEndingInANewlineHasNoEmptyLastLine() {
    #expect(split(Array("a\nb\n".utf8), pieces: 3) == ["a", "b"])
    #expect(split([], pieces: 3) == [])
    #expect(split(Array("\n".utf8), pieces: 3) == [""])
  }

  /// Each byte is examined once for a line end, however the line is cut: a 256 KB line read
  /// 1 KB at a time is not rescanned from its start after every read.
  @Test func examinesEachByteOnce() {
    let line = [UInt8](repeating: UInt8(ascii: "a"), count: 256 << 10)
    var splitter = LineSplitter()
    var lengths: [Int] = []
    var start = 0
    while start < line.count {
      splitter.append(line[start..<start + 1024]) { lengths.append($0.count) }
      start += 1024
    }
    splitter.append([0x0A, 0x62]) { lengths.append($0.count) }
    splitter.finish { lengths.append($0.count) }
    #expect(lengths == [256 << 10, 1])
    #expect(splitter.bytesExamined <= line.count + 2)
  }
}
