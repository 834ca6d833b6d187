print("chat-repl: under construction")
