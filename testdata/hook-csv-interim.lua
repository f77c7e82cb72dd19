-- Prints sysbench's interim reports through the CSV report hook and
-- leaves the cumulative report sysbench's own (the common use of the
-- hook). The event is a small CPU loop, so no database is needed:
--   sysbench testdata/hook-csv-interim.lua --time=3 --report-interval=1 run
sysbench.hooks.report_intermediate = sysbench.report_csv

function event()
   local n = 0
   for i = 1, 20000 do
      n = n + i % 7
   end
end
