import type { AudioLevels } from "#domain/levels";

// Loudness and levels of a master, measured as its samples stream by (ITU-R BS.1770-4 / EBU R128).
// Memory stays bounded whatever the track's length: 100 ms sub-block energies and a few samples of
// history per channel. Decision 029 says why this is ours rather than ebur128-wasm (which the tests
// use as the reference to agree with).

/** A second-order IIR filter's coefficients (a0 normalised to 1). */
interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * BS.1770's K-weighting for any sample rate: the high-shelf "pre-filter" and the RLB high-pass,
 * from their analogue prototypes (the parameters libebur128 derived from the standard's 48 kHz table).
 */
function kWeighting(sampleRate: number): [Biquad, Biquad] {
  const shelfF0 = 1681.974450955533;
  const shelfGain = 3.999843853973347;
  const shelfQ = 0.7071752369554196;
  let k = Math.tan((Math.PI * shelfF0) / sampleRate);
  const vh = 10 ** (shelfGain / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / shelfQ + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / shelfQ + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / shelfQ + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / shelfQ + k * k) / a0,
  };
  const passF0 = 38.13547087602444;
  const passQ = 0.5003270373238773;
  k = Math.tan((Math.PI * passF0) / sampleRate);
  a0 = 1 + k / passQ + k * k;
  const highPass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / passQ + k * k) / a0,
  };
  return [shelf, highPass];
}

/** How many times to oversample for the true peak: 4× below 96 kHz, 2× below 192 kHz (as BS.1770-4's annex 2). */
function oversampling(sampleRate: number): number {
  return sampleRate < 96000 ? 4 : sampleRate < 192000 ? 2 : 1;
}

const TAPS_PER_PHASE = 12;

/** A windowed-sinc interpolator, one row of taps per phase between two samples. */
function interpolator(factor: number): Float64Array[] {
  const taps = TAPS_PER_PHASE * factor;
  const phases: Float64Array[] = [];
  for (let p = 0; p < factor; p++) {
    const row = new Float64Array(TAPS_PER_PHASE);
    for (let j = 0; j < TAPS_PER_PHASE; j++) {
      const n = j * factor + p; // index into the full filter
      const x = (n - (taps - 1) / 2) / factor;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const window = 0.5 - 0.5 * Math.cos((2 * Math.PI * (n + 0.5)) / taps); // Hann
      row[j] = sinc * window;
    }
    phases.push(row);
  }
  return phases;
}

/** BS.1770 channel weights: 1 for front channels, 1.41 for the surrounds (channels 4 and 5 in WAV order). */
function channelWeight(channel: number, channels: number): number {
  return channels > 3 && (channel === 4 || channel === 5) ? 1.41 : 1;
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const SILENCE = 10 ** (-60 / 20);
/** A sample this close to ±1 is at full scale (within one 16-bit step). */
const FULL_SCALE = 1 - 1 / 32768;
/** Below this difference-to-signal ratio (−60 dB) the two channels are one. */
const MONO_RATIO = 1e-6;

function lufs(power: number): number {
  return -0.691 + 10 * Math.log10(power);
}

/**
 * Feed it planar samples between −1 and 1, any number of chunks of any length, then `finish()`.
 * Integrated loudness gates 400 ms blocks taken every 100 ms, absolutely at −70 LUFS and relatively
 * at 10 LU under the absolutely gated mean, exactly as BS.1770-4 §2.8.
 */
export class LoudnessMeter {
  private readonly filters: [Biquad, Biquad];
  /** Per channel: the K-weighting filters' recent samples. */
  private readonly state: Float64Array[];
  private readonly subBlockFrames: number;
  private subBlockFill = 0;
  private readonly subBlockSum: Float64Array;
  /** Weighted power of each 100 ms sub-block, in order. */
  private subBlocks: number[] = [];
  private readonly phases: Float64Array[];
  private readonly history: Float64Array[];
  private historyPos = 0;
  private truePeak = 0;
  private samplePeak = 0;
  private readonly clipRun: Int32Array;
  private clipped = 0;
  private frames = 0;
  private firstSound = -1;
  private lastSound = -1;
  private diffPower = 0;
  private sumPower = 0;

  constructor(
    private readonly sampleRate: number,
    private readonly channels: number,
  ) {
    this.filters = kWeighting(sampleRate);
    this.state = Array.from({ length: channels }, () => new Float64Array(6));
    this.subBlockFrames = Math.round(sampleRate / 10);
    this.subBlockSum = new Float64Array(channels);
    this.phases = interpolator(oversampling(sampleRate));
    this.history = Array.from({ length: channels }, () => new Float64Array(TAPS_PER_PHASE * 2));
    this.clipRun = new Int32Array(channels);
  }

  add(planar: Float32Array[]): void {
    const length = planar[0]?.length ?? 0;
    const [pre, rlb] = this.filters;
    const factor = this.phases.length;
    for (let i = 0; i < length; i++) {
      let frameMax = 0;
      for (let ch = 0; ch < this.channels; ch++) {
        const x = planar[ch]?.[i] ?? 0;
        const ax = Math.abs(x);
        if (ax > frameMax) frameMax = ax;
        if (ax > this.samplePeak) this.samplePeak = ax;
        // Clipping: full-scale runs of three or more samples on one channel.
        const run = ax >= FULL_SCALE ? (this.clipRun[ch] as number) + 1 : 0;
        this.clipRun[ch] = run;
        if (run === 3) this.clipped += 3;
        else if (run > 3) this.clipped++;
        // K-weighting: two direct-form-I biquads in series. The state holds the shelf's last two
        // inputs and outputs (the high-pass's inputs) and the high-pass's last two outputs.
        const s = this.state[ch] as Float64Array;
        const x1 = s[0] as number;
        const p1 = s[2] as number;
        const p2 = s[3] as number;
        const q1 = s[4] as number;
        const y1 = pre.b0 * x + pre.b1 * x1 + pre.b2 * (s[1] as number) - pre.a1 * p1 - pre.a2 * p2;
        const y2 = rlb.b0 * y1 + rlb.b1 * p1 + rlb.b2 * p2 - rlb.a1 * q1 - rlb.a2 * (s[5] as number);
        s[1] = x1;
        s[0] = x;
        s[3] = p1;
        s[2] = y1;
        s[5] = q1;
        s[4] = y2;
        this.subBlockSum[ch] = (this.subBlockSum[ch] as number) + y2 * y2;
        // True peak: a ring of the last samples (written twice so a window never wraps), interpolated
        // between the window's two middle samples. It runs only where it could beat the peak found so
        // far: an inter-sample peak rises less than 6 dB over its neighbours in music (a full-scale
        // sine at a quarter of the rate rises 3 dB).
        const h = this.history[ch] as Float64Array;
        h[this.historyPos] = x;
        h[this.historyPos + TAPS_PER_PHASE] = x;
        const middle = Math.max(Math.abs(h[this.historyPos + 6] as number), Math.abs(h[this.historyPos + 7] as number));
        if (factor > 1 && middle * 2 > this.truePeak) {
          for (let p = 0; p < factor; p++) {
            const taps = this.phases[p] as Float64Array;
            let acc = 0;
            for (let j = 0; j < TAPS_PER_PHASE; j++)
              acc += (taps[j] as number) * (h[this.historyPos + 1 + j] as number);
            const a = Math.abs(acc);
            if (a > this.truePeak) this.truePeak = a;
          }
        }
        if (ax > this.truePeak) this.truePeak = ax;
      }
      this.historyPos = (this.historyPos + 1) % TAPS_PER_PHASE;
      if (this.channels === 2) {
        const l = planar[0]?.[i] ?? 0;
        const r = planar[1]?.[i] ?? 0;
        this.diffPower += (l - r) * (l - r);
        this.sumPower += l * l + r * r;
      }
      if (frameMax > SILENCE) {
        if (this.firstSound < 0) this.firstSound = this.frames;
        this.lastSound = this.frames;
      }
      this.frames++;
      if (++this.subBlockFill === this.subBlockFrames) this.closeSubBlock();
    }
  }

  private closeSubBlock(): void {
    let power = 0;
    for (let ch = 0; ch < this.channels; ch++) {
      power += (channelWeight(ch, this.channels) * (this.subBlockSum[ch] as number)) / this.subBlockFrames;
      this.subBlockSum[ch] = 0;
    }
    this.subBlocks.push(power);
    this.subBlockFill = 0;
  }

  /** The 400 ms gating blocks' powers: four consecutive sub-blocks each, one every 100 ms. */
  private blocks(): number[] {
    const out: number[] = [];
    for (let i = 3; i < this.subBlocks.length; i++) {
      const sb = this.subBlocks;
      out.push(((sb[i - 3] as number) + (sb[i - 2] as number) + (sb[i - 1] as number) + (sb[i] as number)) / 4);
    }
    return out;
  }

  finish(): AudioLevels {
    const blocks = this.blocks().filter((p) => p > 0 && lufs(p) > ABSOLUTE_GATE_LUFS);
    let integratedLufs: number | null = null;
    if (blocks.length > 0) {
      const relativeGate = lufs(blocks.reduce((a, b) => a + b, 0) / blocks.length) + RELATIVE_GATE_LU;
      const gated = blocks.filter((p) => lufs(p) > relativeGate);
      integratedLufs = lufs(gated.reduce((a, b) => a + b, 0) / gated.length);
    }
    const db = (linear: number) => (linear > 0 ? 20 * Math.log10(linear) : null);
    const seconds = (frames: number) => frames / this.sampleRate;
    return {
      integratedLufs,
      truePeakDbtp: db(this.truePeak),
      samplePeakDbfs: db(this.samplePeak),
      clippedSamples: this.clipped,
      leadingSilenceSeconds: seconds(this.firstSound < 0 ? this.frames : this.firstSound),
      trailingSilenceSeconds: seconds(this.lastSound < 0 ? 0 : this.frames - 1 - this.lastSound),
      monoInStereo: this.channels === 2 ? this.sumPower > 0 && this.diffPower / this.sumPower < MONO_RATIO : null,
      durationSeconds: seconds(this.frames),
    };
  }
}
