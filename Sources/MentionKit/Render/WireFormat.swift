/// A text format a resolved message is rendered to, and parsed back from.
///
/// | format | user | channel | user text |
/// | --- | --- | --- | --- |
/// | ``slack`` | `<@U1>` | `<#C1\|general>` | `&`, `<`, `>` as `&amp;`, `&lt;`, `&gt;` |
/// | ``discord`` | `<@U1>` | `<#C1>` | `\` before `\`, `<`, and the `@` of `@everyone`/`@here` |
/// | ``markdown`` | `[@Ana Lima](user:U1)` | `[#general](channel:C1)` | `\` before `\`, a backtick, `*`, `_`, `~`, `[`, `]`, `<`, `>`, `&` |
/// | ``html`` | `<a class="mention" data-id="U1">@Ana Lima</a>` | `<a class="channel" data-id="C1">#general</a>` | `& < > " '` as entities |
/// | ``plain`` | the mention as written | the hashtag as written | unchanged |
///
/// Unresolved, ambiguous and skipped entities are written as they were typed, escaped like the
/// rest of the text.
public enum WireFormat: String, Sendable, Hashable, CaseIterable {
  /// Slack's `mrkdwn`: user and channel tokens, `& < >` entity-escaped.
  case slack
  /// Discord's message content: user and channel tokens, backslash escapes.
  case discord
  /// Markdown links with the `user:` and `channel:` schemes, backslash escapes.
  case markdown
  /// HTML: anchors with the item's id in `data-id` and no `href`; every piece of text escaped.
  case html
  /// The message as written.
  case plain
}
