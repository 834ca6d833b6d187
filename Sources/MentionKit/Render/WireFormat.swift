/// A text format a resolved message is written to with ``write(_:)``, and read back from
/// with ``read(_:)``.
///
/// | format | user | channel | user text |
/// | --- | --- | --- | --- |
/// | ``slack`` | `<@U1>` | `<#C1\|general>` | `&`, `<`, `>` as `&amp;`, `&lt;`, `&gt;` |
/// | ``discord`` | `<@80351110224678912>` | `<#41771983423143937>` | `\` before `\`, `<`, the punctuation that would make a `<` a token, and the `@` of `@everyone`/`@here`; in code spans, U+200B after them instead |
/// | ``markdown`` | `[@Ana Lima](user:U1)` | `[#general](channel:C1)` | `\` before `\`, a backtick, `*`, `_`, `~`, `[`, `]`, `<`, `>`, `&`, a `!` before a link, and line-start block syntax |
/// | ``html`` | `<a class="mention" data-id="U1">@Ana Lima</a>` | `<a class="channel" data-id="C1">#general</a>` | `& < > " '` as entities |
/// | ``plain`` | the mention as written | the hashtag as written | unchanged |
///
/// Unresolved, ambiguous and skipped entities are written as they were typed, escaped like the
/// rest of the text, and so are items whose id the format does not accept: Discord takes only
/// snowflakes (1–20 ASCII digits); the other formats take ids without whitespace, controls,
/// bidi controls, a backtick or any of `< > | & " ' \ ( ) [ ]`.
public enum WireFormat: String, Sendable, Hashable, CaseIterable {
  /// Slack's `mrkdwn`: user and channel tokens, `& < >` entity-escaped.
  case slack
  /// Discord's message content: user and channel tokens for snowflake ids, backslash escapes
  /// outside code spans.
  case discord
  /// CommonMark links with the `user:` and `channel:` schemes, backslash escapes; block syntax
  /// at line starts is escaped, so every line renders as typed.
  case markdown
  /// HTML: anchors with the item's id in `data-id` and no `href`; every piece of text escaped.
  case html
  /// The message as written.
  case plain
}
