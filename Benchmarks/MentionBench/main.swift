print("mention-bench: under construction")
