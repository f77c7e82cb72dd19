-- Prints sysbench's interim and cumulative reports through the CSV report
-- hook. The event is a small CPU loop, so no database is needed:
--   sysbench testdata/hook-csv.lua --time=3 --report-interval=1 run
sysbench.hooks.report_intermediate = sysbench.report_csv
sysbench.hooks.report_cumulative = sysbench.report_csv

function event()
   local n = 0
   for i = 1, 20000 do
      n = n + i % 7
   end
end
