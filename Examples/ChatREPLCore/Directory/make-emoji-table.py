#!/usr/bin/env python3
"""Generates EmojiTable.generated.swift: the `:shortcode:` table of `chat-repl`.

Two parts, both deterministic:
  * CURATED: the shortcodes chat users type most (GitHub/Slack style names such as `smile`,
    `joy`, `thumbsup`), with their aliases;
  * every other emoji of the Unicode blocks below that has Emoji_Presentation (east-asian
    width W in Python's unicodedata, as UAX #11 assigns since Unicode 9), named after its
    Unicode name in lower case with `_` (`:rocket:`, `:pizza:`, `:red_apple:`).

Regenerate from the package root with:
    python3 Examples/ChatREPLCore/Directory/make-emoji-table.py
"""

import os
import unicodedata

OUT = os.path.join(os.path.dirname(__file__), "EmojiTable.generated.swift")

CURATED = [
    ("smile", "\U0001F604", ["happy"]),
    ("smiley", "\U0001F603", []),
    ("grinning", "\U0001F600", []),
    ("grin", "\U0001F601", []),
    ("laughing", "\U0001F606", ["satisfied"]),
    ("sweat_smile", "\U0001F605", []),
    ("joy", "\U0001F602", ["lol"]),
    ("rofl", "\U0001F923", []),
    ("slightly_smiling_face", "\U0001F642", []),
    ("upside_down_face", "\U0001F643", []),
    ("wink", "\U0001F609", []),
    ("blush", "\U0001F60A", []),
    ("innocent", "\U0001F607", []),
    ("heart_eyes", "\U0001F60D", []),
    ("star_struck", "\U0001F929", []),
    ("kissing_heart", "\U0001F618", []),
    ("yum", "\U0001F60B", []),
    ("stuck_out_tongue", "\U0001F61B", []),
    ("stuck_out_tongue_winking_eye", "\U0001F61C", []),
    ("hugs", "\U0001F917", ["hug"]),
    ("thinking", "\U0001F914", ["hmm"]),
    ("neutral_face", "\U0001F610", []),
    ("expressionless", "\U0001F611", []),
    ("no_mouth", "\U0001F636", []),
    ("smirk", "\U0001F60F", []),
    ("unamused", "\U0001F612", []),
    ("roll_eyes", "\U0001F644", []),
    ("grimacing", "\U0001F62C", []),
    ("relieved", "\U0001F60C", []),
    ("pensive", "\U0001F614", []),
    ("sleepy", "\U0001F62A", []),
    ("sleeping", "\U0001F634", []),
    ("mask", "\U0001F637", []),
    ("nerd_face", "\U0001F913", []),
    ("sunglasses", "\U0001F60E", ["cool"]),
    ("confused", "\U0001F615", []),
    ("worried", "\U0001F61F", []),
    ("open_mouth", "\U0001F62E", []),
    ("astonished", "\U0001F632", []),
    ("flushed", "\U0001F633", []),
    ("pleading_face", "\U0001F97A", []),
    ("cry", "\U0001F622", []),
    ("sob", "\U0001F62D", []),
    ("scream", "\U0001F631", []),
    ("confounded", "\U0001F616", []),
    ("disappointed", "\U0001F61E", []),
    ("sweat", "\U0001F613", []),
    ("weary", "\U0001F629", []),
    ("tired_face", "\U0001F62B", []),
    ("yawning_face", "\U0001F971", []),
    ("triumph", "\U0001F624", []),
    ("rage", "\U0001F621", ["pout"]),
    ("angry", "\U0001F620", []),
    ("skull", "\U0001F480", []),
    ("poop", "\U0001F4A9", ["hankey"]),
    ("clown_face", "\U0001F921", []),
    ("ghost", "\U0001F47B", []),
    ("alien", "\U0001F47D", []),
    ("robot", "\U0001F916", []),
    ("smiley_cat", "\U0001F63A", []),
    ("see_no_evil", "\U0001F648", []),
    ("hear_no_evil", "\U0001F649", []),
    ("speak_no_evil", "\U0001F64A", []),
    ("heart", "\u2764\uFE0F", ["love"]),
    ("orange_heart", "\U0001F9E1", []),
    ("yellow_heart", "\U0001F49B", []),
    ("green_heart", "\U0001F49A", []),
    ("blue_heart", "\U0001F499", []),
    ("purple_heart", "\U0001F49C", []),
    ("black_heart", "\U0001F5A4", []),
    ("broken_heart", "\U0001F494", []),
    ("sparkling_heart", "\U0001F496", []),
    ("100", "\U0001F4AF", []),
    ("boom", "\U0001F4A5", ["collision"]),
    ("zzz", "\U0001F4A4", []),
    ("wave", "\U0001F44B", []),
    ("raised_hand", "\u270B", ["hand"]),
    ("ok_hand", "\U0001F44C", []),
    ("v", "\u270C\uFE0F", []),
    ("crossed_fingers", "\U0001F91E", []),
    ("metal", "\U0001F918", []),
    ("call_me_hand", "\U0001F919", []),
    ("point_left", "\U0001F448", []),
    ("point_right", "\U0001F449", []),
    ("point_up", "\u261D\uFE0F", []),
    ("point_down", "\U0001F447", []),
    ("thumbsup", "\U0001F44D", ["+1", "like"]),
    ("thumbsdown", "\U0001F44E", ["-1"]),
    ("fist", "\u270A", []),
    ("clap", "\U0001F44F", []),
    ("raised_hands", "\U0001F64C", []),
    ("open_hands", "\U0001F450", []),
    ("handshake", "\U0001F91D", []),
    ("pray", "\U0001F64F", ["thanks"]),
    ("muscle", "\U0001F4AA", ["strong"]),
    ("eyes", "\U0001F440", []),
    ("brain", "\U0001F9E0", []),
    ("facepalm", "\U0001F926", []),
    ("shrug", "\U0001F937", []),
    ("dancer", "\U0001F483", []),
    ("dog", "\U0001F436", []),
    ("cat", "\U0001F431", []),
    ("mouse", "\U0001F42D", []),
    ("fox_face", "\U0001F98A", []),
    ("bear", "\U0001F43B", []),
    ("panda_face", "\U0001F43C", []),
    ("unicorn", "\U0001F984", []),
    ("bee", "\U0001F41D", []),
    ("bug", "\U0001F41B", []),
    ("turtle", "\U0001F422", []),
    ("snake", "\U0001F40D", []),
    ("octopus", "\U0001F419", []),
    ("whale", "\U0001F433", []),
    ("penguin", "\U0001F427", []),
    ("bird", "\U0001F426", []),
    ("rose", "\U0001F339", []),
    ("sunflower", "\U0001F33B", []),
    ("seedling", "\U0001F331", []),
    ("evergreen_tree", "\U0001F332", []),
    ("cactus", "\U0001F335", []),
    ("four_leaf_clover", "\U0001F340", []),
    ("fallen_leaf", "\U0001F342", []),
    ("sun", "\u2600\uFE0F", ["sunny"]),
    ("cloud", "\u2601\uFE0F", []),
    ("rainbow", "\U0001F308", []),
    ("snowflake", "\u2744\uFE0F", []),
    ("zap", "\u26A1", ["lightning"]),
    ("fire", "\U0001F525", ["lit"]),
    ("droplet", "\U0001F4A7", []),
    ("ocean", "\U0001F30A", []),
    ("star", "\u2B50", []),
    ("star2", "\U0001F31F", ["glowing_star"]),
    ("sparkles", "\u2728", []),
    ("crescent_moon", "\U0001F319", []),
    ("earth_africa", "\U0001F30D", []),
    ("earth_americas", "\U0001F30E", []),
    ("earth_asia", "\U0001F30F", []),
    ("apple", "\U0001F34E", []),
    ("banana", "\U0001F34C", []),
    ("avocado", "\U0001F951", []),
    ("pizza", "\U0001F355", []),
    ("hamburger", "\U0001F354", ["burger"]),
    ("fries", "\U0001F35F", []),
    ("taco", "\U0001F32E", []),
    ("sushi", "\U0001F363", []),
    ("ramen", "\U0001F35C", []),
    ("cake", "\U0001F370", []),
    ("birthday", "\U0001F382", []),
    ("cookie", "\U0001F36A", []),
    ("coffee", "\u2615", []),
    ("tea", "\U0001F375", []),
    ("beer", "\U0001F37A", []),
    ("beers", "\U0001F37B", ["cheers"]),
    ("wine_glass", "\U0001F377", []),
    ("champagne", "\U0001F37E", []),
    ("tada", "\U0001F389", ["party"]),
    ("confetti_ball", "\U0001F38A", []),
    ("balloon", "\U0001F388", []),
    ("gift", "\U0001F381", []),
    ("trophy", "\U0001F3C6", []),
    ("medal", "\U0001F3C5", []),
    ("soccer", "\u26BD", ["football"]),
    ("basketball", "\U0001F3C0", []),
    ("video_game", "\U0001F3AE", []),
    ("dart", "\U0001F3AF", ["bullseye"]),
    ("musical_note", "\U0001F3B5", []),
    ("headphones", "\U0001F3A7", []),
    ("guitar", "\U0001F3B8", []),
    ("art", "\U0001F3A8", []),
    ("rocket", "\U0001F680", ["launch"]),
    ("airplane", "\u2708\uFE0F", []),
    ("car", "\U0001F697", []),
    ("bike", "\U0001F6B2", []),
    ("train", "\U0001F686", []),
    ("ship", "\U0001F6A2", []),
    ("house", "\U0001F3E0", ["home"]),
    ("office", "\U0001F3E2", []),
    ("hourglass", "\u231B", []),
    ("alarm_clock", "\u23F0", []),
    ("stopwatch", "\u23F1\uFE0F", []),
    ("calendar", "\U0001F4C6", []),
    ("computer", "\U0001F4BB", ["laptop"]),
    ("keyboard", "\u2328\uFE0F", []),
    ("iphone", "\U0001F4F1", ["phone"]),
    ("bulb", "\U0001F4A1", ["idea"]),
    ("books", "\U0001F4DA", []),
    ("memo", "\U0001F4DD", ["pencil"]),
    ("pushpin", "\U0001F4CC", []),
    ("paperclip", "\U0001F4CE", []),
    ("chart_with_upwards_trend", "\U0001F4C8", []),
    ("chart_with_downwards_trend", "\U0001F4C9", []),
    ("bar_chart", "\U0001F4CA", []),
    ("email", "\U0001F4E7", []),
    ("inbox_tray", "\U0001F4E5", []),
    ("package", "\U0001F4E6", []),
    ("lock", "\U0001F512", []),
    ("unlock", "\U0001F513", []),
    ("key", "\U0001F511", []),
    ("hammer", "\U0001F528", []),
    ("wrench", "\U0001F527", []),
    ("gear", "\u2699\uFE0F", []),
    ("link", "\U0001F517", []),
    ("mag", "\U0001F50D", ["search"]),
    ("bell", "\U0001F514", []),
    ("no_bell", "\U0001F515", []),
    ("moneybag", "\U0001F4B0", []),
    ("money_with_wings", "\U0001F4B8", []),
    ("shipit", "\U0001F43F\uFE0F", ["squirrel"]),
    ("white_check_mark", "\u2705", ["done"]),
    ("heavy_check_mark", "\u2714\uFE0F", ["check"]),
    ("x", "\u274C", []),
    ("warning", "\u26A0\uFE0F", []),
    ("no_entry", "\u26D4", []),
    ("stop_sign", "\U0001F6D1", []),
    ("question", "\u2753", []),
    ("exclamation", "\u2757", []),
    ("bangbang", "\u203C\uFE0F", []),
    ("recycle", "\u267B\uFE0F", []),
    ("construction", "\U0001F6A7", ["wip"]),
    ("rotating_light", "\U0001F6A8", ["alert"]),
    ("red_circle", "\U0001F534", []),
    ("green_circle", "\U0001F7E2", []),
    ("large_blue_circle", "\U0001F535", []),
    ("arrow_right", "\u27A1\uFE0F", []),
    ("arrow_left", "\u2B05\uFE0F", []),
    ("arrow_up", "\u2B06\uFE0F", []),
    ("arrow_down", "\u2B07\uFE0F", []),
    ("repeat", "\U0001F501", []),
    ("new", "\U0001F195", []),
    ("ok", "\U0001F197", []),
    ("cool_button", "\U0001F192", []),
    ("sos", "\U0001F198", []),
    ("flag_jp", "\U0001F1EF\U0001F1F5", ["jp"]),
    ("flag_fr", "\U0001F1EB\U0001F1F7", ["fr"]),
    ("flag_de", "\U0001F1E9\U0001F1EA", ["de"]),
    ("flag_es", "\U0001F1EA\U0001F1F8", ["es"]),
    ("flag_br", "\U0001F1E7\U0001F1F7", ["br"]),
    ("flag_us", "\U0001F1FA\U0001F1F8", ["us"]),
    ("rainbow_flag", "\U0001F3F3\uFE0F\u200D\U0001F308", ["pride"]),
    ("checkered_flag", "\U0001F3C1", []),
    ("thumbsup_tone5", "\U0001F44D\U0001F3FF", []),
    ("wave_tone3", "\U0001F44B\U0001F3FD", []),
    ("technologist", "\U0001F9D1\u200D\U0001F4BB", ["dev"]),
    ("family", "\U0001F468\u200D\U0001F469\u200D\U0001F467", []),
]

BLOCKS = [(0x1F300, 0x1F5FF), (0x1F600, 0x1F64F), (0x1F680, 0x1F6FF), (0x1F900, 0x1F9FF),
          (0x1FA70, 0x1FAFF)]


def main():
    rows = []
    seen_codes = set()
    seen_emoji = set()
    for name, emoji, aliases in CURATED:
        assert name not in seen_codes, name
        seen_codes.add(name)
        seen_emoji.add(emoji)
        rows.append((name, emoji, aliases, "curated"))
    for low, high in BLOCKS:
        for code in range(low, high + 1):
            char = chr(code)
            if char in seen_emoji or unicodedata.east_asian_width(char) != "W":
                continue
            try:
                name = unicodedata.name(char)
            except ValueError:
                continue
            if "MODIFIER" in name or "REGIONAL INDICATOR" in name:
                continue
            short = name.lower().replace(" ", "_").replace("-", "_")
            if short in seen_codes:
                continue
            seen_codes.add(short)
            seen_emoji.add(char)
            rows.append((short, char, [], "unicode"))

    with open(OUT, "w", encoding="utf-8") as f:
        f.write("// Generated by make-emoji-table.py; do not edit.\n")
        f.write("// Regenerate: python3 Examples/ChatREPLCore/Directory/make-emoji-table.py\n")
        f.write(f"// Unicode {unicodedata.unidata_version} (Python's unicodedata).\n")
        f.write("// swift-format-ignore-file\n\n")
        f.write("/// Emoji shortcodes, curated ones first: one per line, tab-separated shortcode,\n")
        f.write("/// emoji, then space-separated aliases (a string compiles far faster than an\n")
        f.write("/// array literal of this size).\n")
        f.write("enum EmojiShortcodes {\n")
        f.write("  /// How many lines at the start of the table are curated.\n")
        f.write(f"  static let curatedCount = {len(CURATED)}\n\n")
        f.write('  static let table = #"""\n')
        for short, emoji, aliases, _ in rows:
            f.write(f"{short}\t{emoji}\t{' '.join(aliases)}\n")
        f.write('"""#\n}\n')
    print(f"wrote {OUT}: {len(rows)} shortcodes ({len(CURATED)} curated)")


if __name__ == "__main__":
    main()
