;; The bar loop of a tune's grid (engine.ts, simulateGrid) in WebAssembly.
;;
;; A cold `finance backtest.tune` spends most of its grid phase running this loop before V8 has
;; optimised its JavaScript: the first sets run in the interpreter, boxing every intermediate
;; number. WebAssembly is compiled before its first call, so every set runs at compiled speed.
;; The operations are those of the JavaScript it replaces, in the same order, on IEEE doubles as
;; JavaScript's, so every value is the same (tests/backtest/grid.test.ts compares every metric of
;; every set with the per-set simulation, tests/backtest/grid_kernel_test.ts the loop itself).
;;
;; Rebuilt by `deno task docs` (analysis/backtest/grid_build.ts) into grid.wasm, which is
;; committed; a test fails when it is stale.
;;
;; Memory (grid_kernel.ts lays it out), for m symbols and n bars:
;;   0    acc:    8 f64, cash, peak, worst, top, sum, down2, up, down
;;   64   marks:  5 i32, peakAt, worstPeak, worstTrough, recovery, exposed
;;   96   qty:    m f64, the holding of each symbol
;;   then close:  m × n f64, symbol after symbol
;;   then equity: n − from f64, the equity at each bar from `from`
(module
  (memory (export "memory") 1)

  ;; Bars t0 … t1 − 1 of one set, holding qty: equity at each close (cash plus each symbol's
  ;; holding at its close, added in symbol order) into equity[t − from], and the metrics' running
  ;; values carried in acc and marks (running peak, worst drawdown and the first bar back at its
  ;; peak, bars with exposure, the sums of the returns into each bar after `from`).
  (func (export "span")
    (param $t0 i32) (param $t1 i32) (param $from i32) (param $m i32) (param $n i32)
    (local $cash f64)
    (local $peak f64) (local $worst f64) (local $top f64) (local $sum f64) (local $down2 f64)
    (local $up f64) (local $down f64) (local $prev f64) (local $value f64) (local $v f64)
    (local $gross f64) (local $d f64) (local $x f64)
    (local $peakAt i32) (local $worstPeak i32) (local $worstTrough i32) (local $recovery i32)
    (local $exposed i32) (local $t i32) (local $stride i32) (local $eq i32)
    (local $q i32) (local $qEnd i32) (local $c i32)
    (local.set $cash (f64.load (i32.const 0)))
    ;; a symbol's closes are n doubles apart; the equity comes after the last symbol's
    (local.set $stride (i32.shl (local.get $n) (i32.const 3)))
    (local.set $qEnd (i32.add (i32.const 96) (i32.shl (local.get $m) (i32.const 3))))
    (local.set $eq (i32.add (local.get $qEnd) (i32.mul (local.get $m) (local.get $stride))))
    (local.set $peak (f64.load (i32.const 8)))
    (local.set $worst (f64.load (i32.const 16)))
    (local.set $top (f64.load (i32.const 24)))
    (local.set $sum (f64.load (i32.const 32)))
    (local.set $down2 (f64.load (i32.const 40)))
    (local.set $up (f64.load (i32.const 48)))
    (local.set $down (f64.load (i32.const 56)))
    (local.set $peakAt (i32.load (i32.const 64)))
    (local.set $worstPeak (i32.load (i32.const 68)))
    (local.set $worstTrough (i32.load (i32.const 72)))
    (local.set $recovery (i32.load (i32.const 76)))
    (local.set $exposed (i32.load (i32.const 80)))
    ;; the equity of the bar before t0, whose return into t0 is counted
    (if (i32.gt_s (local.get $t0) (local.get $from))
      (then
        (local.set $prev
          (f64.load
            (i32.add (local.get $eq)
              (i32.shl (i32.sub (i32.sub (local.get $t0) (i32.const 1)) (local.get $from))
                (i32.const 3)))))))
    (local.set $t (local.get $t0))
    (block $done
      (loop $bar
        (br_if $done (i32.ge_s (local.get $t) (local.get $t1)))
        ;; value = cash + Σ qty × close, gross = Σ |qty × close|, in symbol order
        (local.set $value (local.get $cash))
        (local.set $gross (f64.const 0))
        (local.set $q (i32.const 96))
        (local.set $c (i32.add (local.get $qEnd) (i32.shl (local.get $t) (i32.const 3))))
        (loop $symbol
          (local.set $v (f64.mul (f64.load (local.get $q)) (f64.load (local.get $c))))
          (local.set $value (f64.add (local.get $value) (local.get $v)))
          (local.set $gross (f64.add (local.get $gross) (f64.abs (local.get $v))))
          (local.set $c (i32.add (local.get $c) (local.get $stride)))
          (local.set $q (i32.add (local.get $q) (i32.const 8)))
          (br_if $symbol (i32.lt_u (local.get $q) (local.get $qEnd))))
        (f64.store
          (i32.add (local.get $eq) (i32.shl (i32.sub (local.get $t) (local.get $from)) (i32.const 3)))
          (local.get $value))
        ;; the running peak and the drawdown from it, in percent
        (if (f64.gt (local.get $value) (local.get $peak))
          (then
            (local.set $peak (local.get $value))
            (local.set $peakAt (local.get $t))))
        (local.set $d (f64.const 0))
        (if (f64.gt (local.get $peak) (f64.const 0))
          (then
            (local.set $d
              (f64.mul
                (f64.sub (f64.const 1) (f64.div (local.get $value) (local.get $peak)))
                (f64.const 100)))))
        (if (f64.gt (local.get $d) (local.get $worst))
          (then
            (local.set $worst (local.get $d))
            (local.set $worstPeak (local.get $peakAt))
            (local.set $worstTrough (local.get $t))
            (local.set $top (local.get $peak))
            (local.set $recovery (i32.const -1)))
          (else
            ;; the first bar back at the worst drawdown's peak
            (if (i32.lt_s (local.get $recovery) (i32.const 0))
              (then
                (if (i32.ge_s (local.get $worstTrough) (i32.const 0))
                  (then
                    (if (f64.ge (local.get $value) (local.get $top))
                      (then (local.set $recovery (local.get $t))))))))))
        ;; exposed: gross holdings above 1e-9 of equity
        (if (f64.gt (local.get $value) (f64.const 0))
          (then
            (if (f64.gt (f64.div (local.get $gross) (local.get $value)) (f64.const 1e-9))
              (then (local.set $exposed (i32.add (local.get $exposed) (i32.const 1)))))))
        ;; the return into this bar
        (if (i32.gt_s (local.get $t) (local.get $from))
          (then
            (local.set $x (f64.sub (f64.div (local.get $value) (local.get $prev)) (f64.const 1)))
            (local.set $sum (f64.add (local.get $sum) (local.get $x)))
            (if (f64.lt (local.get $x) (f64.const 0))
              (then
                (local.set $down2
                  (f64.add (local.get $down2) (f64.mul (local.get $x) (local.get $x))))))
            (if (f64.gt (local.get $x) (f64.const 0))
              (then (local.set $up (f64.add (local.get $up) (local.get $x))))
              (else (local.set $down (f64.sub (local.get $down) (local.get $x)))))))
        (local.set $prev (local.get $value))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $bar)))
    (f64.store (i32.const 8) (local.get $peak))
    (f64.store (i32.const 16) (local.get $worst))
    (f64.store (i32.const 24) (local.get $top))
    (f64.store (i32.const 32) (local.get $sum))
    (f64.store (i32.const 40) (local.get $down2))
    (f64.store (i32.const 48) (local.get $up))
    (f64.store (i32.const 56) (local.get $down))
    (i32.store (i32.const 64) (local.get $peakAt))
    (i32.store (i32.const 68) (local.get $worstPeak))
    (i32.store (i32.const 72) (local.get $worstTrough))
    (i32.store (i32.const 76) (local.get $recovery))
    (i32.store (i32.const 80) (local.get $exposed))))
