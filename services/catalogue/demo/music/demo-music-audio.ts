/**
 * Pure builders of the demo's synthetic audio: ffmpeg `aevalsrc` expressions for chords,
 * arpeggios and noise bursts at a given tempo, so every demo track sounds different and has a
 * visible beat in its waveform.
 */
export interface DemoAudioSpec {
  style: 'chord' | 'arpeggio' | 'pulse' | 'noise' | 'sweep';
  /** Root frequency in Hz. */
  root: number;
  bpm: number;
  seconds: number;
}

const MAJOR = [1, 1.25992, 1.49831];
const MINOR = [1, 1.18921, 1.49831];

/** Pure: the aevalsrc expression of one demo sound. */
export function demoAudioExpression(spec: DemoAudioSpec, minor = false): string {
  const beat = (60 / spec.bpm).toFixed(4);
  const [a, b, c] = (minor ? MINOR : MAJOR).map((ratio) => (spec.root * ratio).toFixed(2));
  const envelope = `(0.3+0.7*exp(-6*mod(t,${beat})))`;
  switch (spec.style) {
    case 'chord':
      return `0.22*(sin(2*PI*${a}*t)+sin(2*PI*${b}*t)+sin(2*PI*${c}*t))*${envelope}`;
    case 'arpeggio': {
      const step = `mod(floor(t/${beat}),3)`;
      return `0.6*sin(2*PI*t*(${a}*eq(${step},0)+${b}*eq(${step},1)+${c}*eq(${step},2)))*${envelope}`;
    }
    case 'pulse':
      return `0.5*sin(2*PI*${a}*t)*sin(2*PI*${(spec.bpm / 120).toFixed(3)}*t)*${envelope}+0.2*sin(2*PI*${(spec.root / 2).toFixed(2)}*t)`;
    case 'noise':
      return `0.7*(random(0)*2-1)*exp(-9*mod(t,${beat}))`;
    case 'sweep':
      return `0.5*sin(2*PI*(${a}+${(spec.root * 2).toFixed(2)}*mod(t,${beat}))*t)*exp(-3*mod(t,${beat}))`;
  }
}

/**
 * Pure: ffmpeg arguments rendering the sound once (the expression is the costly part) into one or
 * more mp3 files at different bitrates, each with a short fade-in and a fade-out at the end.
 */
export function demoAudioArgs(spec: DemoAudioSpec, outputs: readonly { file: string; bitrateK: number }[], minor = false): string[] {
  const fadeStart = Math.max(0, spec.seconds - 2);
  const fades = `afade=t=in:d=0.3,afade=t=out:st=${fadeStart}:d=${Math.min(2, spec.seconds)}`;
  return [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `aevalsrc='${demoAudioExpression(spec, minor)}':s=44100:d=${spec.seconds}`,
    ...outputs.flatMap((output) => ['-af', fades, '-ac', '1', '-c:a', 'libmp3lame', '-b:a', `${output.bitrateK}k`, output.file]),
  ];
}

/** Pure: a shorter cut (a "version") of an existing file, faded out at its end. */
export function cutArgs(input: string, seconds: number, output: string): string[] {
  return [
    '-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-t', String(seconds),
    '-af', `afade=t=out:st=${Math.max(0, seconds - 2)}:d=2`, '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '96k', output,
  ];
}
