// The demo catalogue's music and covers, made here rather than linked from a host that does not
// exist: real WAV files (16-bit, 44.1 kHz, stereo) and square JPEG covers that pass the quality check
// like an artist's own files would. Each release gets its own, from a number, the same every run.
import sharp from "sharp";
import { type Signal, wav } from "#server/media/wav";

/** A major pentatonic scale's steps above the root, in semitones. */
const PENTATONIC = [0, 2, 4, 7, 9, 12, 14, 16];
const NOTE_SECONDS = 0.25;

const frequency = (semitonesAboveA3: number) => 220 * 2 ** (semitonesAboveA3 / 12);

/**
 * A short arpeggiated tune: plucked notes walking a pentatonic scale over a soft drone of the root
 * and fifth, panned a little apart. `seed` picks the key and the melody's walk.
 */
export function demoSong(seed: number, seconds: number): Buffer {
  const root = seed % 7;
  const melody = Array.from({ length: 16 }, (_, i) => PENTATONIC[(seed * 7 + i * (3 + (seed % 3))) % 8] ?? 0);
  const signal: Signal = (t, channel) => {
    const step = Math.floor(t / NOTE_SECONDS);
    const since = t - step * NOTE_SECONDS;
    const note = frequency(root + (melody[step % melody.length] ?? 0));
    const pluck = Math.exp(-since * 9) * Math.sin(2 * Math.PI * note * t);
    const drone =
      0.5 * Math.sin(2 * Math.PI * frequency(root - 12) * t) + 0.3 * Math.sin(2 * Math.PI * frequency(root - 5) * t);
    // Fade in and out over half a second so the file starts and ends in silence.
    const fade = Math.min(1, t / 0.5, (seconds - t) / 0.5);
    const pan = channel === 0 ? 0.6 : 0.4;
    return fade * (0.35 * pluck * pan * 2 + 0.12 * drone);
  };
  return wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds }, signal);
}

/** Cover art: 3000 × 3000 pixels, a two-colour gradient with rings, as a JPEG. */
export async function demoCover(seed: number): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const size = 3000;
  const rings = Array.from({ length: 5 }, (_, i) => {
    const r = 300 + i * 220 + (seed % 4) * 40;
    return `<circle cx="${1500 + ((seed * 131) % 600) - 300}" cy="${1700 - i * 60}" r="${r}" fill="none" stroke="hsl(${(hue + 40 * i) % 360}, 70%, 80%)" stroke-opacity="${0.55 - i * 0.08}" stroke-width="${60 - i * 8}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 65%, 45%)"/><stop offset="1" stop-color="hsl(${(hue + 150) % 360}, 55%, 18%)"/>
    </linearGradient></defs>
    <rect width="${size}" height="${size}" fill="url(#g)"/>${rings}
  </svg>`;
  return sharp(Buffer.from(svg)).flatten().jpeg({ quality: 82 }).toBuffer();
}
