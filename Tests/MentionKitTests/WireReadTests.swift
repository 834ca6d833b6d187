import Testing

@testable import MentionKit

/// Reading each wire format back, and treating malformed input as text.
struct WireReadTests {
  /// The read message as `text | trigger:id:value@utf16offset …` (the value is the token's
  /// label, or its id when it shows none).
  static func describe(_ wire: String, _ format: WireFormat) throws -> String {
    let parsed = format.read(wire)
    for entity in parsed.entities {
      // Every range points at the entity's text.
      let sign = entity.trigger == .hashtag ? "#" : "@"
      let range = try #require(entity.range(in: parsed.text))
      #expect(String(parsed.text[range]) == sign + entity.value)
      // A broadcast names no item.
      if entity.audience != .broadcast { #expect(entity.item?.insertionText == entity.value) }
      let utf16 = Array(parsed.text.utf16)[entity.utf16Range]
      #expect(String(decoding: utf16, as: UTF16.self) == String(parsed.text[range]))
    }
    let entities = parsed.entities.map {
      "\($0.trigger):\($0.item?.id ?? "?"):\($0.value)@\($0.utf16Range.lowerBound)"
    }
    return ([parsed.text] + entities).joined(separator: " | ")
  }

  @Test(arguments: [
    (
      "hi <@U1> in <#C1|général> &amp; &lt;b&gt;",
      "hi @U1 in #général & <b> | mention:U1:U1@3 | hashtag:C1:général@10"
    ),
    ("<@U1|ana> <#C1>", "@ana #C1 | mention:U1:ana@0 | hashtag:C1:C1@5"),
    ("<#C1|a&lt;b&gt;&amp;c|d>", "#a<b>&c|d | hashtag:C1:a<b>&c|d@0"),
    // Malformed or foreign tokens are text; `<!here>` is a broadcast.
    (
      "<!here> <http://x.y|link> <@> <@U 1> <@U1 &foo; <#",
      "@here <http://x.y|link> <@> <@U 1> <@U1 &foo; <# | mention:?:here@0"
    ),
    (
      "<!date^1|x> <!subteam^> <!subteam^S1|@qa> <!heres>",
      "<!date^1|x> <!subteam^> @qa <!heres> | mention:S1:qa@24"
    ),
    ("👍🏽 <@U1>", "👍🏽 @U1 | mention:U1:U1@5"),
  ])
  func slack(wire: String, expected: String) throws {
    #expect(try Self.describe(wire, .slack) == expected)
  }

  @Test(arguments: [
    (
      #"hi <@1> <@!2> <#3> \<@4> \\ \@everyone"#,
      #"hi @1 @2 #3 <@4> \ @everyone | mention:1:1@3 | mention:2:2@6 | hashtag:3:3@9"#
    ),
    (#"<@&5> <@!> <@1 2> \a <@"#, #"@5 <@!> <@1 2> \a <@ | mention:5:5@0"#),
  ])
  func discord(wire: String, expected: String) throws {
    #expect(try Self.describe(wire, .discord) == expected)
  }

  @Test(arguments: [
    (
      #"[@Ana \<b\>](user:U1) \* [#général](channel:C1)"#,
      "@Ana <b> * #général | mention:U1:Ana <b>@0 | hashtag:C1:général@11"
    ),
    (
      #"[x](https://e.com) [@a](user:) [@a](user:U 1) [@a](user:U1"#,
      #"[x](https://e.com) [@a](user:) [@a](user:U 1) [@a](user:U1"#
    ),
    (#"[[@a](user:U1)] \\"#, #"[@a] \ | mention:U1:a@1"#),
  ])
  func markdown(wire: String, expected: String) throws {
    #expect(try Self.describe(wire, .markdown) == expected)
  }

  @Test(arguments: [
    (
      #"<a class="mention" data-id="U1">@Zoë &lt;script&gt;</a> &amp;&#39;&#x1F600;&quot;"#,
      #"@Zoë <script> &'😀" | mention:U1:Zoë <script>@0"#
    ),
    (#"<a class="channel" data-id="C1">#g</a>"#, "#g | hashtag:C1:g@0"),
    (
      #"<b>x</b> &nbsp; &#0; &#xFFFFFF; <a class="mention" data-id="U1">x<i>y</i></a> <a href="javascript:x">"#,
      #"<b>x</b> &nbsp; &#0; &#xFFFFFF; <a class="mention" data-id="U1">x<i>y</i></a> <a href="javascript:x">"#
    ),
  ])
  func html(wire: String, expected: String) throws {
    #expect(try Self.describe(wire, .html) == expected)
  }

  @Test func plainHasNoTokens() throws {
    #expect(try Self.describe("<@U1> [@a](user:U1)", .plain) == "<@U1> [@a](user:U1)")
  }

  /// Pathological input parses in one pass and keeps every byte.
  @Test(arguments: WireFormat.allCases)
  func adversarialInputIsText(format: WireFormat) {
    let pieces = ["<@", "<#", "[", "](user:", "\\", "&", "&#", "<a class=\"mention\" data-id=\""]
    for piece in pieces {
      let wire = String(repeating: piece, count: 20_000)
      let parsed = format.read(wire)
      #expect(parsed.entities.isEmpty)
      #expect(parsed.text.utf8.count <= wire.utf8.count)
    }
  }
}
