-- Prints sysbench's interim and cumulative reports through the JSON report
-- hook. The event is a small CPU loop, so no database is needed:
--   sysbench testdata/hook-json.lua --time=3 --report-interval=1 run
sysbench.hooks.report_intermediate = sysbench.report_json
sysbench.hooks.report_cumulative = sysbench.report_json

function event()
   local n = 0
   for i = 1, 20000 do
      n = n + i % 7
   end
end
