-- 访问统计's range reads join visit_rollup_zone and visit_range_gen, one row each. Never analyzed (autovacuum's
-- threshold is 50 changed rows, which a one-row table reaches late or never), the planner guessed them at thousands
-- of rows, costed the read past JIT's threshold, and the compile took 2.1 s of a 2.7 s read on an empty visit table.
-- Their statistics are fixed by what they are (one row each): taken once here. The reads also turn JIT off for
-- their own transactions (src/lib/visit-range.ts, src/routes/visits.ts): their cost is index lookups, never worth a
-- compile.
ANALYZE visit_rollup_zone;
ANALYZE visit_range_gen;
