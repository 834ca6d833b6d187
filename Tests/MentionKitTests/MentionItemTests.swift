import MentionKit
import Testing

/// `MentionItem` is a value: its fields sit behind one shared reference, copied on write.
struct MentionItemTests {
  @Test func changingACopyLeavesTheOriginal() {
    let original = MentionItem(
      id: "U1", insertionText: "jose", displayText: "José Álvarez", searchTerms: ["pepe"],
      score: 2, metadata: ["team": "core"])
    var copy = original
    copy.id = "U2"
    copy.insertionText = "ana"
    copy.displayText = "Ana"
    copy.searchTerms.append("annie")
    copy.score += 1
    copy.metadata["team"] = "web"
    #expect(original.id == "U1")
    #expect(original.insertionText == "jose")
    #expect(original.displayText == "José Álvarez")
    #expect(original.searchTerms == ["pepe"])
    #expect(original.score == 2)
    #expect(original.metadata == ["team": "core"])
    #expect(copy.id == "U2")
    #expect(copy.insertionText == "ana")
    #expect(copy.displayText == "Ana")
    #expect(copy.searchTerms == ["pepe", "annie"])
    #expect(copy.score == 3)
    #expect(copy.metadata == ["team": "web"])
  }

  @Test func anItemChangedInPlaceKeepsItsOtherFields() {
    var item = MentionItem(id: "U1", insertionText: "jose")
    item.score = 5
    item.displayText = "José"
    #expect(item == MentionItem(id: "U1", insertionText: "jose", displayText: "José", score: 5))
  }

  @Test func equalityAndHashingCompareFieldsNotStorage() {
    let a = MentionItem(id: "U1", insertionText: "jose", metadata: ["k": "v"])
    let b = MentionItem(id: "U1", insertionText: "jose", metadata: ["k": "v"])
    #expect(a == b)
    #expect(Set([a, b]).count == 1)
    #expect(a.hashValue == b.hashValue)
    var c = b
    c.metadata = [:]
    #expect(a != c)
    #expect(b != c)
    var d = a
    d.score = 1
    #expect(a != d)
    #expect(Set([a, b, c, d]).count == 3)
  }

  @Test func printsItsFields() {
    let item = MentionItem(id: "U1", insertionText: "jose", displayText: "José")
    #expect(
      String(describing: item)
        == #"MentionItem(id: "U1", insertionText: "jose", displayText: "José", searchTerms: [], "#
        + #"score: 0.0, metadata: [:])"#)
  }

  @Test func copiesSharedAcrossTasksStayIndependent() async {
    let item = MentionItem(id: "U0", insertionText: "base")
    let ids = await withTaskGroup(of: String.self) { group in
      for k in 0..<64 {
        group.addTask {
          var mine = item
          mine.id = "U\(k)"
          return mine.id + (item.id == "U0" ? "" : "!")
        }
      }
      return await group.reduce(into: Set<String>()) { $0.insert($1) }
    }
    #expect(ids == Set((0..<64).map { "U\($0)" }))
    #expect(item.id == "U0")
  }
}
