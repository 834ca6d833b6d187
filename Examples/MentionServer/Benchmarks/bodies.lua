-- wrk script: POSTs the JSON bodies of the file named by BODIES, one per line, in turn.
local path = os.getenv("BODIES")
bodies = {}
for line in io.lines(path) do
  bodies[#bodies + 1] = line
end
counter = 0
request = function()
  counter = counter + 1
  local body = bodies[(counter % #bodies) + 1]
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json" }, body)
end
