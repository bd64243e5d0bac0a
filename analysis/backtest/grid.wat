;; The simulation of a tune's grid (engine.ts, simulateGrid) in WebAssembly.
;;
;; A cold `finance backtest.tune` spends most of its grid phase running this code before V8 has
;; optimised its JavaScript: the first sets run in the interpreter, boxing every intermediate
;; number. WebAssembly is compiled before its first call, so every set runs at compiled speed.
;; The operations are those of the JavaScript they replace (engine.ts: the bar loop of walkBars,
;; execute, fill and book), in the same order, on IEEE doubles as JavaScript's, so every value is
;; the same (tests/backtest/grid.test.ts compares every metric and trade of every set with the
;; per-set simulation, tests/backtest/grid_kernel_test.ts the loop itself).
;;
;; Rebuilt by `deno task docs` (analysis/backtest/grid_build.ts) into grid.wasm, which is
;; committed; a test fails when it is stale.
;;
;; Memory (grid_kernel.ts lays it out), for m symbols and n bars:
;;   0    acc:    8 f64, cash, peak, worst, top, sum, down2, up, down
;;   64   marks:  5 i32, peakAt, worstPeak, worstTrough, recovery, exposed
;;   88   fees:   f64, the fees a set has paid
;;   96   qty:    m f64, the holding of each symbol
;;   then close:  m × n f64, symbol after symbol
;;   then equity: n − from f64, the equity at each bar from `from`
;; and where `run` is told (grid_kernel.ts places them after those):
;;   fill prices  m × n f64 (the opens, or the closes themselves)
;;   rows         the order rows' bars (i32) and weights (m f64 a row)
;;   work         delta m f64, then m open trades of 8 f64 (direction, entry bar, entry quantity,
;;                entry notional, exit quantity, exit notional, fees, peak; direction 0: none),
;;                then the closed trades, 10 f64 each (symbol, exit bar, then the 8 values of
;;                the open trade it was)
(module
  (memory (export "memory") 1)

  ;; Bars t0 … t1 − 1 of one set, holding qty: equity at each close (cash plus each symbol's
  ;; holding at its close, added in symbol order) into equity[t − from], and the metrics' running
  ;; values carried in acc and marks (running peak, worst drawdown and the first bar back at its
  ;; peak, bars with exposure, the sums of the returns into each bar after `from`).
  (func $span (export "span")
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
    (i32.store (i32.const 80) (local.get $exposed)))

  ;; One set: its order rows r0 … r1 − 1 (bar, weights), each pending from its bar's close and
  ;; filled at the next bar, the bars between fills walked by $span. Returns how many closed
  ;; trades it wrote to the work area. engine.ts GridRun.set in JavaScript did the same.
  (func (export "run")
    (param $from i32) (param $m i32) (param $n i32) (param $r0 i32) (param $r1 i32)
    (param $rowsAt i32) (param $wAt i32) (param $pxAt i32) (param $work i32)
    (param $slip f64) (param $feeRate f64) (param $fixed f64) (param $lev f64)
    (result i32)
    (local $r i32) (local $t i32) (local $b i32) (local $stop i32) (local $out i32)
    (local.set $r (local.get $r0))
    ;; a row on a bar before `from` never fills, nor moves the walk
    (block $ready
      (loop $skip
        (br_if $ready (i32.ge_s (local.get $r) (local.get $r1)))
        (br_if $ready
          (i32.ge_s
            (i32.load (i32.add (local.get $rowsAt) (i32.shl (local.get $r) (i32.const 2))))
            (local.get $from)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $skip)))
    (local.set $t (local.get $from))
    (block $end
      (loop $step
        (local.set $b (i32.const -1))
        (if (i32.lt_s (local.get $r) (local.get $r1))
          (then
            (local.set $b
              (i32.load (i32.add (local.get $rowsAt) (i32.shl (local.get $r) (i32.const 2)))))))
        ;; a row on a bar already passed never fills, nor any after it
        (local.set $stop (local.get $n))
        (if (i32.ge_s (local.get $b) (local.get $t))
          (then
            (if (i32.lt_s (i32.add (local.get $b) (i32.const 1)) (local.get $n))
              (then (local.set $stop (i32.add (local.get $b) (i32.const 1)))))))
        (call $span (local.get $t) (local.get $stop) (local.get $from) (local.get $m) (local.get $n))
        (br_if $end (i32.eq (local.get $stop) (local.get $n)))
        (local.set $out
          (call $execute (local.get $stop) (local.get $m) (local.get $n)
            (i32.add (local.get $wAt) (i32.mul (i32.mul (local.get $r) (local.get $m)) (i32.const 8)))
            (local.get $pxAt) (local.get $work) (local.get $out)
            (local.get $slip) (local.get $feeRate) (local.get $fixed) (local.get $lev)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (local.set $t (local.get $stop))
        (br $step)))
    (local.get $out))

  ;; Fills one bar's targets (the weights at $row) at the prices of bar $t: sells first, then
  ;; buys within the cash limit (engine.ts execute).
  (func $execute
    (param $t i32) (param $m i32) (param $n i32) (param $row i32) (param $pxAt i32)
    (param $work i32) (param $out i32)
    (param $slip f64) (param $feeRate f64) (param $fixed f64) (param $lev f64)
    (result i32)
    (local $s i32) (local $value f64) (local $need f64) (local $buys i32) (local $d f64)
    (local $want f64) (local $p f64) (local $tg f64) (local $available f64) (local $scale f64)
    (local $size f64)
    ;; value = cash + Σ qty × price, in symbol order
    (local.set $value (f64.load (i32.const 0)))
    (local.set $s (i32.const 0))
    (block $v (loop $each
      (br_if $v (i32.ge_s (local.get $s) (local.get $m)))
      (local.set $value
        (f64.add (local.get $value)
          (f64.mul
            (f64.load (i32.add (i32.const 96) (i32.shl (local.get $s) (i32.const 3))))
            (call $price (local.get $pxAt) (local.get $s) (local.get $n) (local.get $t)))))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $each)))
    ;; each symbol's change, and the cash the buys need
    (local.set $need (f64.const 0))
    (local.set $buys (i32.const 0))
    (local.set $s (i32.const 0))
    (block $w (loop $each
      (br_if $w (i32.ge_s (local.get $s) (local.get $m)))
      (local.set $d (f64.const 0))
      (local.set $tg (f64.load (i32.add (local.get $row) (i32.shl (local.get $s) (i32.const 3)))))
      (local.set $p (call $price (local.get $pxAt) (local.get $s) (local.get $n) (local.get $t)))
      (if (i32.and (f64.eq (local.get $tg) (local.get $tg)) (f64.gt (local.get $p) (f64.const 0)))
        (then
          (local.set $want
            (f64.sub
              (f64.div (f64.mul (local.get $tg) (local.get $value)) (local.get $p))
              (f64.load (i32.add (i32.const 96) (i32.shl (local.get $s) (i32.const 3))))))
          (if (f64.gt
                (f64.abs (f64.mul (local.get $want) (local.get $p)))
                (f64.mul (f64.const 1e-9) (f64.abs (local.get $value))))
            (then (local.set $d (local.get $want))))))
      (f64.store (i32.add (local.get $work) (i32.shl (local.get $s) (i32.const 3))) (local.get $d))
      (if (f64.gt (local.get $d) (f64.const 0))
        (then
          (local.set $need
            (f64.add (local.get $need)
              (f64.mul
                (f64.mul (f64.mul (local.get $d) (local.get $p))
                  (f64.add (f64.const 1) (local.get $slip)))
                (f64.add (f64.const 1) (local.get $feeRate)))))
          (local.set $buys (i32.add (local.get $buys) (i32.const 1)))))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $each)))
    ;; sells (and short sales) first: they raise the cash the buys need
    (local.set $s (i32.const 0))
    (block $sold (loop $each
      (br_if $sold (i32.ge_s (local.get $s) (local.get $m)))
      (local.set $d (f64.load (i32.add (local.get $work) (i32.shl (local.get $s) (i32.const 3)))))
      ;; as `if (delta >= 0) continue`, NaN included
      (if (i32.eqz (f64.ge (local.get $d) (f64.const 0)))
        (then
          (local.set $out
            (call $fill (local.get $t) (local.get $s) (local.get $d)
              (f64.mul
                (call $price (local.get $pxAt) (local.get $s) (local.get $n) (local.get $t))
                (f64.sub (f64.const 1) (local.get $slip)))
              (local.get $m) (local.get $work) (local.get $out)
              (local.get $feeRate) (local.get $fixed)))))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $each)))
    (if (i32.eqz (local.get $buys)) (then (return (local.get $out))))
    ;; cash may go down to −(leverage − 1) × equity; with leverage 1 it never goes negative
    (local.set $available
      (f64.sub
        (f64.add (f64.load (i32.const 0))
          (f64.mul (f64.sub (local.get $lev) (f64.const 1)) (local.get $value)))
        (f64.mul (f64.convert_i32_s (local.get $buys)) (local.get $fixed))))
    (local.set $scale (f64.const 1))
    (if (f64.gt (local.get $need) (local.get $available))
      (then
        (local.set $scale
          (f64.max (f64.const 0) (f64.div (local.get $available) (local.get $need))))))
    (local.set $s (i32.const 0))
    (block $bought (loop $each
      (br_if $bought (i32.ge_s (local.get $s) (local.get $m)))
      (local.set $d (f64.load (i32.add (local.get $work) (i32.shl (local.get $s) (i32.const 3)))))
      ;; as `if (delta <= 0) continue` and `if (size × price <= DUST × |value|) continue`
      (if (i32.eqz (f64.le (local.get $d) (f64.const 0)))
        (then
          (local.set $size (f64.mul (local.get $d) (local.get $scale)))
          (local.set $p (call $price (local.get $pxAt) (local.get $s) (local.get $n) (local.get $t)))
          (if (i32.eqz (f64.le
                (f64.mul (local.get $size) (local.get $p))
                (f64.mul (f64.const 1e-9) (f64.abs (local.get $value)))))
            (then
              (local.set $out
                (call $fill (local.get $t) (local.get $s) (local.get $size)
                  (f64.mul (local.get $p) (f64.add (f64.const 1) (local.get $slip)))
                  (local.get $m) (local.get $work) (local.get $out)
                  (local.get $feeRate) (local.get $fixed)))))))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $each)))
    (local.get $out))

  ;; The fill price of symbol $s at bar $t.
  (func $price (param $pxAt i32) (param $s i32) (param $n i32) (param $t i32) (result f64)
    (f64.load
      (i32.add (local.get $pxAt)
        (i32.shl (i32.add (i32.mul (local.get $s) (local.get $n)) (local.get $t)) (i32.const 3)))))

  ;; One fill: fees, cash, the holding, the trade bookkeeping (engine.ts fill).
  (func $fill
    (param $t i32) (param $s i32) (param $size f64) (param $price f64)
    (param $m i32) (param $work i32) (param $out i32) (param $feeRate f64) (param $fixed f64)
    (result i32)
    (local $fees f64) (local $q i32) (local $before f64)
    (local.set $fees
      (f64.add
        (f64.mul (f64.mul (f64.abs (local.get $size)) (local.get $price)) (local.get $feeRate))
        (local.get $fixed)))
    (f64.store (i32.const 0)
      (f64.sub (f64.load (i32.const 0))
        (f64.add (f64.mul (local.get $size) (local.get $price)) (local.get $fees))))
    (f64.store (i32.const 88) (f64.add (f64.load (i32.const 88)) (local.get $fees)))
    (local.set $q (i32.add (i32.const 96) (i32.shl (local.get $s) (i32.const 3))))
    (local.set $before (f64.load (local.get $q)))
    (f64.store (local.get $q) (f64.add (local.get $before) (local.get $size)))
    (local.set $out
      (call $book (local.get $t) (local.get $s) (local.get $before) (local.get $size)
        (local.get $price) (local.get $fees) (local.get $m) (local.get $work) (local.get $out)))
    ;; float residue of a full exit snapped to exactly flat
    (if (f64.lt
          (f64.abs (f64.load (local.get $q)))
          (f64.mul (f64.const 1e-12) (f64.abs (local.get $before))))
      (then (f64.store (local.get $q) (f64.const 0))))
    (local.get $out))

  ;; Trade bookkeeping: a trade runs from leaving flat to returning to flat or flipping side
  ;; (engine.ts book); a closed trade is written to the work area's list.
  (func $book
    (param $t i32) (param $s i32) (param $before f64) (param $size f64) (param $price f64)
    (param $fees f64) (param $m i32) (param $work i32) (param $out i32)
    (result i32)
    (local $o i32) (local $dir f64) (local $remaining f64) (local $feeLeft f64) (local $held f64)
    (local $sign f64) (local $closing f64) (local $share f64) (local $rec i32) (local $a f64)
    (local.set $o
      (i32.add (local.get $work)
        (i32.add (i32.shl (local.get $m) (i32.const 3)) (i32.shl (local.get $s) (i32.const 6)))))
    (local.set $remaining (local.get $size))
    (local.set $feeLeft (local.get $fees))
    (local.set $held (local.get $before))
    (local.set $dir (f64.load (local.get $o)))
    (if (f64.ne (local.get $dir) (f64.const 0))
      (then
        ;; Math.sign, with NaN and −0 never equal to a direction
        (local.set $sign (f64.const 0))
        (if (f64.gt (local.get $remaining) (f64.const 0)) (then (local.set $sign (f64.const 1))))
        (if (f64.lt (local.get $remaining) (f64.const 0)) (then (local.set $sign (f64.const -1))))
        (if (f64.ne (local.get $sign) (local.get $dir))
          (then
            (local.set $closing
              (f64.min (f64.abs (local.get $remaining)) (f64.abs (local.get $held))))
            (local.set $share (f64.div (local.get $closing) (f64.abs (local.get $remaining))))
            (f64.store offset=32 (local.get $o)
              (f64.add (f64.load offset=32 (local.get $o)) (local.get $closing)))
            (f64.store offset=40 (local.get $o)
              (f64.add (f64.load offset=40 (local.get $o))
                (f64.mul (local.get $closing) (local.get $price))))
            (f64.store offset=48 (local.get $o)
              (f64.add (f64.load offset=48 (local.get $o))
                (f64.mul (local.get $feeLeft) (local.get $share))))
            (local.set $feeLeft
              (f64.sub (local.get $feeLeft) (f64.mul (local.get $feeLeft) (local.get $share))))
            (local.set $remaining
              (f64.add (local.get $remaining) (f64.mul (local.get $dir) (local.get $closing))))
            (local.set $held
              (f64.sub (local.get $held) (f64.mul (local.get $dir) (local.get $closing))))
            (if (f64.le
                  (f64.abs (local.get $held))
                  (f64.mul (f64.const 1e-12) (f64.load offset=56 (local.get $o))))
              (then
                ;; closed: symbol, exit bar, then the open trade's 8 values as they stand
                (local.set $rec
                  (i32.add
                    (i32.add (local.get $work) (i32.mul (local.get $m) (i32.const 72)))
                    (i32.mul (local.get $out) (i32.const 80))))
                (f64.store (local.get $rec) (f64.convert_i32_s (local.get $s)))
                (f64.store offset=8 (local.get $rec) (f64.convert_i32_s (local.get $t)))
                (memory.copy
                  (i32.add (local.get $rec) (i32.const 16)) (local.get $o) (i32.const 64))
                (local.set $out (i32.add (local.get $out) (i32.const 1)))
                (local.set $dir (f64.const 0))
                (f64.store (local.get $o) (f64.const 0))))))))
    (if (f64.le
          (f64.abs (local.get $remaining))
          (f64.mul (f64.const 1e-12) (f64.abs (local.get $size))))
      (then (return (local.get $out))))
    (if (f64.eq (local.get $dir) (f64.const 0))
      (then
        (local.set $dir (f64.const -1))
        (if (f64.gt (local.get $remaining) (f64.const 0)) (then (local.set $dir (f64.const 1))))
        (f64.store (local.get $o) (local.get $dir))
        (f64.store offset=8 (local.get $o) (f64.convert_i32_s (local.get $t)))
        (f64.store offset=16 (local.get $o) (f64.const 0))
        (f64.store offset=24 (local.get $o) (f64.const 0))
        (f64.store offset=32 (local.get $o) (f64.const 0))
        (f64.store offset=40 (local.get $o) (f64.const 0))
        (f64.store offset=48 (local.get $o) (f64.const 0))
        (f64.store offset=56 (local.get $o) (f64.const 0))))
    (local.set $a (f64.abs (local.get $remaining)))
    (f64.store offset=16 (local.get $o) (f64.add (f64.load offset=16 (local.get $o)) (local.get $a)))
    (f64.store offset=24 (local.get $o)
      (f64.add (f64.load offset=24 (local.get $o)) (f64.mul (local.get $a) (local.get $price))))
    (f64.store offset=48 (local.get $o) (f64.add (f64.load offset=48 (local.get $o)) (local.get $feeLeft)))
    (f64.store offset=56 (local.get $o)
      (f64.max (f64.load offset=56 (local.get $o))
        (f64.abs (f64.add (local.get $held) (local.get $remaining)))))
    (local.get $out))
)
