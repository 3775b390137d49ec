"""Synthesise every Dead Ground sound effect and write ``sounds/manifest.toml``.

Pure standard library (``wave``, ``math``, ``random``, ``struct``), so it runs from the game's own
interpreter with no extra packages::

    python sounds/make_sounds.py

Each sound is built from a few layers: filtered noise bursts with envelopes (shots, thuds, steps),
pitched partials (whistle, bell, fanfares) and a pulse source through formant filters (cries,
zombie groans). Every file is 16-bit mono at 22050 Hz, normalised to a peak of -1 dBFS, with a few
milliseconds of fade at both ends so it never clicks. Random parts use fixed seeds: a rerun gives
the same files.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
SR = 22050
PEAK = 0.89  # -1 dBFS

Buf = list[float]


# --------------------------------------------------------------------------- building blocks


def silence(seconds: float) -> Buf:
    return [0.0] * int(seconds * SR)


def noise(seconds: float, rng: random.Random) -> Buf:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * SR))]


def env_exp(n: int, attack: float, decay: float) -> Buf:
    """Linear rise over ``attack`` seconds, then exponential fall with time constant ``decay``."""
    a = max(1, int(attack * SR))
    out = []
    for i in range(n):
        if i < a:
            out.append(i / a)
        else:
            out.append(math.exp(-(i - a) / (decay * SR)))
    return out


def env_adsr(n: int, attack: float, release: float, sustain: float = 1.0) -> Buf:
    """Rise over ``attack``, hold at ``sustain``, fall linearly over the last ``release`` seconds."""
    a, r = max(1, int(attack * SR)), max(1, int(release * SR))
    out = []
    for i in range(n):
        v = sustain
        if i < a:
            v = sustain * i / a
        if i > n - r:
            v *= max(0.0, (n - i) / r)
        out.append(v)
    return out


def mul(x: Sequence[float], y: Sequence[float]) -> Buf:
    return [a * b for a, b in zip(x, y)]


def gain(x: Sequence[float], g: float) -> Buf:
    return [a * g for a in x]


def mix_into(dst: Buf, src: Sequence[float], at: float = 0.0, g: float = 1.0) -> Buf:
    """Add ``src`` into ``dst`` starting at ``at`` seconds, growing ``dst`` as needed."""
    start = int(at * SR)
    if len(dst) < start + len(src):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * g
    return dst


class Biquad:
    """RBJ cookbook biquad (lowpass, highpass, bandpass with constant peak gain)."""

    def __init__(self, kind: str, freq: float, q: float = 0.707) -> None:
        w = 2 * math.pi * min(freq, SR * 0.45) / SR
        cw, sw = math.cos(w), math.sin(w)
        alpha = sw / (2 * q)
        if kind == "lp":
            b = [(1 - cw) / 2, 1 - cw, (1 - cw) / 2]
        elif kind == "hp":
            b = [(1 + cw) / 2, -(1 + cw), (1 + cw) / 2]
        elif kind == "bp":
            b = [alpha, 0.0, -alpha]
        else:
            raise ValueError(f"unknown filter kind {kind!r}")
        a0 = 1 + alpha
        self.b = [v / a0 for v in b]
        self.a = [-2 * cw / a0, (1 - alpha) / a0]
        self.x1 = self.x2 = self.y1 = self.y2 = 0.0

    def run(self, x: Iterable[float]) -> Buf:
        b0, b1, b2 = self.b
        a1, a2 = self.a
        x1, x2, y1, y2 = self.x1, self.x2, self.y1, self.y2
        out = []
        for v in x:
            y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
            x2, x1, y2, y1 = x1, v, y1, y
            out.append(y)
        self.x1, self.x2, self.y1, self.y2 = x1, x2, y1, y2
        return out


def lp(x: Sequence[float], f: float, q: float = 0.707) -> Buf:
    return Biquad("lp", f, q).run(x)


def hp(x: Sequence[float], f: float, q: float = 0.707) -> Buf:
    return Biquad("hp", f, q).run(x)


def bp(x: Sequence[float], f: float, q: float = 1.0) -> Buf:
    return Biquad("bp", f, q).run(x)


def sweep_bp(x: Sequence[float], f0: float, f1: float, q: float, block: int = 64) -> Buf:
    """A bandpass whose centre glides from ``f0`` to ``f1`` (exponentially) over the buffer."""
    out: Buf = []
    n = len(x)
    state = None
    for s in range(0, n, block):
        t = s / max(1, n - 1)
        f = f0 * (f1 / f0) ** t
        flt = Biquad("bp", f, q)
        if state is not None:
            flt.x1, flt.x2, flt.y1, flt.y2 = state
        out.extend(flt.run(x[s : s + block]))
        state = (flt.x1, flt.x2, flt.y1, flt.y2)
    return out


def tone(freq: Callable[[float], float] | float, seconds: float, shape: str = "sine", phase: float = 0.0) -> Buf:
    """An oscillator; ``freq`` may be a function of time in seconds (glides, vibrato)."""
    out = []
    ph = phase
    for i in range(int(seconds * SR)):
        f = freq(i / SR) if callable(freq) else freq
        ph += f / SR
        ph -= math.floor(ph)
        if shape == "sine":
            out.append(math.sin(2 * math.pi * ph))
        elif shape == "saw":
            out.append(2 * ph - 1)
        elif shape == "square":
            out.append(1.0 if ph < 0.5 else -1.0)
        else:  # a glottal-like pulse: quick rise, slower fall, then a closed phase
            out.append(math.sin(math.pi * ph / 0.6) ** 2 if ph < 0.6 else 0.0)
    return out


def reverb(x: Sequence[float], seconds: float, tail: float, wet: float = 0.35, damp: float = 0.3) -> Buf:
    """A small Schroeder reverb (four damped combs and two allpasses), for echo tails outdoors."""
    n = len(x) + int(tail * SR)
    src = list(x) + [0.0] * (n - len(x))
    combs = [1557, 1617, 1491, 1422]
    acc = [0.0] * n
    for d in combs:
        d = int(d * SR / 44100 * 1.6)
        fb = 10 ** (-3 * d / (seconds * SR))
        buf = [0.0] * d
        idx, store = 0, 0.0
        for i in range(n):
            out = buf[idx]
            store = out * (1 - damp) + store * damp
            buf[idx] = src[i] + store * fb
            idx = (idx + 1) % d
            acc[i] += out
    for d in (225, 556):
        d = int(d * SR / 44100)
        buf = [0.0] * d
        idx = 0
        for i in range(n):
            b = buf[idx]
            v = acc[i]
            y = -v + b
            buf[idx] = v + b * 0.5
            idx = (idx + 1) % d
            acc[i] = y
    return [src[i] * (1 - wet) + acc[i] * wet * 0.25 for i in range(n)]


def formants(
    source: Sequence[float],
    vowels: Sequence[tuple[float, float, float]],
    q: float = 6.0,
    block: int = 128,
    gains: tuple[float, float, float] = (1.0, 0.6, 0.25),
) -> Buf:
    """Run a pulse source through three bandpass formants that glide along ``vowels`` (F1, F2, F3)."""
    n = len(source)
    states: list[tuple[float, float, float, float] | None] = [None, None, None]
    out = [0.0] * n
    for s in range(0, n, block):
        t = s / max(1, n - 1) * (len(vowels) - 1)
        k = min(int(t), len(vowels) - 2) if len(vowels) > 1 else 0
        u = t - k
        fs = (
            vowels[0]
            if len(vowels) == 1
            else tuple(vowels[k][j] + (vowels[k + 1][j] - vowels[k][j]) * u for j in range(3))
        )
        chunk = source[s : s + block]
        for j in range(3):
            flt = Biquad("bp", fs[j], q)
            if states[j] is not None:
                flt.x1, flt.x2, flt.y1, flt.y2 = states[j]
            y = flt.run(chunk)
            states[j] = (flt.x1, flt.x2, flt.y1, flt.y2)
            for i, v in enumerate(y):
                out[s + i] += v * gains[j]
    return out


def finish(x: Sequence[float], fade_in: float = 0.004, fade_out: float = 0.02) -> Buf:
    """Remove DC, normalise to PEAK, fade both ends so the file starts and ends at zero."""
    x = hp(x, 25)
    peak = max(abs(v) for v in x) or 1.0
    y = [v * PEAK / peak for v in x]
    a, b = max(1, int(fade_in * SR)), max(1, int(fade_out * SR))
    for i in range(min(a, len(y))):
        y[i] *= i / a
    for i in range(min(b, len(y))):
        y[-1 - i] *= i / b
    return y


def write(name: str, x: Sequence[float]) -> None:
    y = finish(x)
    with wave.open(str(HERE / name), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1.0, min(1.0, v)) * 32767)) for v in y))


# --------------------------------------------------------------------------- weapons


def gunshot(rng: random.Random, weight: float = 1.0, length: float = 0.35) -> Buf:
    """One report: a bright supersonic crack, a mid-band blast body and a low thump."""
    n = int(length * SR)
    crack = hp(mul(noise(length, rng), env_exp(n, 0.0005, 0.006)), 2500)
    body = lp(mul(noise(length, rng), env_exp(n, 0.001, 0.035 * weight)), 1400, 0.9)
    body2 = lp(mul(noise(length, rng), env_exp(n, 0.002, 0.08 * weight)), 420)
    thump = mul(tone(lambda t: 48 + 90 * math.exp(-t * 40), length), env_exp(n, 0.001, 0.05 * weight))
    out = [0.0] * n
    mix_into(out, crack, g=0.9)
    mix_into(out, body, g=1.3)
    mix_into(out, body2, g=1.6 * weight)
    mix_into(out, thump, g=0.9 * weight)
    # soft-clip the blast a little, like a real report overdriving a microphone
    return [math.tanh(v * 1.6) for v in out]


def rifle() -> Buf:
    rng = random.Random(1)
    shot = gunshot(rng, 1.2, 0.45)
    dry = list(shot) + silence(1.4)
    # a distinct slap-back echo off buildings, duller and later
    mix_into(dry, lp(shot, 1500), at=0.32, g=0.28)
    mix_into(dry, lp(shot, 900), at=0.71, g=0.12)
    return reverb(dry, 1.3, 0.0, wet=0.45, damp=0.45)


def burst(shots: int, interval: float, weight: float, seed: int, tail: float) -> Buf:
    rng = random.Random(seed)
    out = silence(shots * interval + tail)
    for k in range(shots):
        jitter = rng.uniform(-0.006, 0.006) if k else 0.0
        mix_into(
            out,
            gunshot(rng, weight * rng.uniform(0.9, 1.05), 0.3),
            at=k * interval + jitter,
            g=rng.uniform(0.85, 1.0),
        )
    echoed = list(out)
    mix_into(echoed, lp(out, 1200), at=0.3, g=0.18)
    return reverb(echoed, 1.0, 0.0, wet=0.4, damp=0.45)


def smg() -> Buf:
    return burst(4, 0.085, 0.7, seed=2, tail=0.9)


def lmg() -> Buf:
    return burst(6, 0.115, 1.35, seed=3, tail=1.1)


# --------------------------------------------------------------------------- bodies


def thud(rng: random.Random, f: float, length: float, weight: float = 1.0) -> Buf:
    n = int(length * SR)
    low = lp(mul(noise(length, rng), env_exp(n, 0.002, 0.04 * weight)), 260 * f / 80, 1.2)
    knock = mul(tone(lambda t: f * (1 + 0.8 * math.exp(-t * 50)), length), env_exp(n, 0.001, 0.06 * weight))
    return [a * 1.6 + b for a, b in zip(low, knock)]


def hit() -> Buf:
    rng = random.Random(4)
    out = thud(rng, 75, 0.3, 1.0)
    # a short wet smack on top
    n = int(0.06 * SR)
    smack = bp(mul(noise(0.06, rng), env_exp(n, 0.001, 0.01)), 1600, 1.5)
    mix_into(out, smack, at=0.002, g=0.9)
    return out + silence(0.05)


def cloth(rng: random.Random, length: float, centre: float = 2500) -> Buf:
    """Rustle: band-passed noise broken into grains."""
    n = int(length * SR)
    grains = [0.0] * n
    g = 0.0
    for i in range(n):
        if i % 120 == 0:
            g = rng.random() ** 2
        grains[i] = g
    x = mul(noise(length, rng), grains)
    return mul(bp(x, centre, 0.8), env_adsr(n, length * 0.3, length * 0.6, 1.0))


def clank(rng: random.Random, length: float = 0.25) -> Buf:
    """A strap buckle or helmet on stone: a few inharmonic partials that die fast."""
    n = int(length * SR)
    out = [0.0] * n
    base = rng.uniform(900, 1300)
    for ratio, g in ((1.0, 1.0), (2.76, 0.6), (5.4, 0.35), (8.93, 0.2)):
        mix_into(
            out, mul(tone(base * ratio, length, phase=rng.random()), env_exp(n, 0.0005, 0.03 / ratio**0.3)), g=g
        )
    return out


def knockdown() -> Buf:
    rng = random.Random(5)
    out = silence(1.0)
    mix_into(out, cloth(rng, 0.3, 1800), at=0.0, g=0.25)
    mix_into(out, thud(rng, 60, 0.45, 1.6), at=0.18, g=1.0)  # the body
    mix_into(out, thud(rng, 90, 0.3, 0.8), at=0.31, g=0.55)  # an arm, the pack
    mix_into(out, clank(rng), at=0.33, g=0.18)  # kit rattles
    mix_into(out, thud(rng, 110, 0.2, 0.5), at=0.45, g=0.25)  # the head rolls
    mix_into(out, cloth(rng, 0.35, 2200), at=0.4, g=0.15)
    return out


def voice(
    f0: Callable[[float], float],
    seconds: float,
    vowels: Sequence[tuple[float, float, float]],
    rng: random.Random,
    rough: float = 0.0,
    breath: float = 0.15,
    q: float = 5.0,
) -> Buf:
    """A voiced sound: pulse train at ``f0`` (with jitter and optional sub-harmonic roughness),
    plus breath noise, through gliding formants."""
    jit = [0.0]

    def f(t: float) -> float:
        if rng.random() < 0.02:
            jit[0] = rng.uniform(-0.04, 0.04)
        return f0(t) * (1 + jit[0])

    src = tone(f, seconds, "pulse")
    if rough:
        sub = tone(lambda t: f0(t) / 2, seconds, "pulse")
        am = [1 + rough * math.sin(2 * math.pi * 23 * i / SR) * rng.uniform(0.6, 1) for i in range(len(src))]
        src = [(a + rough * b) * m for a, b, m in zip(src, sub, am)]
    br = hp(noise(seconds, rng), 600)
    src = [a + breath * b for a, b in zip(src, br)]
    return formants(src, vowels, q=q)


def death_soldier() -> Buf:
    rng = random.Random(6)
    # a sharp "uhh" of pain that breaks into a falling "aah"
    grunt = voice(lambda t: 160 - 40 * t, 0.18, [(500, 1100, 2400), (640, 1150, 2500)], rng, breath=0.3)
    cry = voice(
        lambda t: 220 * math.exp(-t * 0.9) + 8 * math.sin(t * 35),
        0.75,
        [(700, 1200, 2600), (750, 1150, 2500), (600, 1000, 2400), (450, 900, 2300)],
        rng,
        rough=0.1,
        breath=0.25,
    )
    out = mul(grunt, env_adsr(len(grunt), 0.01, 0.06))
    out += silence(0.06)
    mix_into(out, mul(cry, env_exp(len(cry), 0.03, 0.3)), at=0.22)
    return lp(out, 4000)


def death_zombie() -> Buf:
    rng = random.Random(7)
    n = int(0.25 * SR)
    squelch = mul(sweep_bp(noise(0.25, rng), 300, 1600, 3.0), env_exp(n, 0.005, 0.06))
    out = [0.0] * n
    mix_into(out, squelch, g=1.4)
    mix_into(out, thud(rng, 65, 0.25, 0.7), g=0.6)
    gurgle = voice(
        lambda t: 70 - 12 * t,
        1.1,
        [(320, 800, 2200), (400, 700, 2100), (300, 650, 2000)],
        rng,
        rough=0.8,
        breath=0.2,
        q=4.0,
    )
    # bubbles: the gurgle chopped by random bursts
    bubbles = []
    g = 0.0
    for i in range(len(gurgle)):
        if i % 330 == 0:
            g = rng.random() ** 1.5
        bubbles.append(g)
    bubbles = lp(bubbles, 40)
    gurgle = mul(mul(gurgle, bubbles), env_adsr(len(gurgle), 0.08, 0.5))
    mix_into(out, gurgle, at=0.12, g=1.5)
    for k in range(6):  # wet pops
        m = int(0.03 * SR)
        pop = mul(
            sweep_bp(noise(0.03, rng), rng.uniform(500, 900), rng.uniform(1200, 2000), 6.0),
            env_exp(m, 0.002, 0.008),
        )
        mix_into(out, pop, at=0.3 + k * rng.uniform(0.1, 0.16), g=0.8)
    return out


def groan(seed: int, seconds: float, f_base: float, vowels: Sequence[tuple[float, float, float]]) -> Buf:
    rng = random.Random(seed)
    wobble = rng.uniform(2.5, 4.5)

    def f0(t: float) -> float:
        rise = math.sin(math.pi * min(1.0, t / seconds)) * 0.25
        return f_base * (1 + rise) + 4 * math.sin(2 * math.pi * wobble * t)

    v = voice(f0, seconds, vowels, rng, rough=0.9, breath=0.35, q=4.5)
    v = mul(v, env_adsr(len(v), seconds * 0.25, seconds * 0.45))
    # a rattling breath in before the groan
    inhale = mul(bp(noise(0.35, rng), 1200, 1.2), env_adsr(int(0.35 * SR), 0.15, 0.15))
    out = list(gain(inhale, 0.12)) + silence(0.02)
    mix_into(out, v, at=0.3)
    return lp(out, 3200)


# --------------------------------------------------------------------------- table and interface


def click_impulse(rng: random.Random, f: float, length: float = 0.04) -> Buf:
    n = int(length * SR)
    out = bp(mul(noise(length, rng), env_exp(n, 0.0003, 0.003)), f, 2.0)
    for ratio in (1.0, 1.58):
        mix_into(out, mul(tone(f * ratio, length, phase=rng.random()), env_exp(n, 0.0003, 0.008)), g=0.35)
    return out


def dice() -> Buf:
    rng = random.Random(8)
    out = silence(0.9)
    t = 0.0
    # two dice leave the hand: dense rattle, then bounces further and further apart, then still
    for k in range(22):
        for _die in range(2):
            at = t + rng.uniform(0, 0.02)
            g = (1.0 if k < 3 else 0.7) * rng.uniform(0.5, 1.0) * (0.93**k)
            mix_into(out, click_impulse(rng, rng.uniform(2400, 4200)), at=at, g=g)
            if k in (0, 1, 6):
                mix_into(out, thud(rng, 140, 0.08, 0.3), at=at, g=0.25)  # the tabletop
        t += 0.012 + 0.0016 * k * k * 0.18 + rng.uniform(0, 0.01)
        if t > 0.72:
            break
    return out


def click() -> Buf:
    rng = random.Random(9)
    out = click_impulse(rng, 3000, 0.05)
    mix_into(out, click_impulse(rng, 1800, 0.04), at=0.012, g=0.4)  # the release
    return out + silence(0.03)


def whistle() -> Buf:
    """An officer's pea whistle: two blasts, the pea trilling the pitch."""
    rng = random.Random(10)
    out: Buf = []
    for length, at in ((0.22, 0.0), (0.7, 0.32)):

        def f(t: float) -> float:
            return 2900 + 160 * math.sin(2 * math.pi * 28 * t) + 40 * math.sin(2 * math.pi * 7 * t)

        n = int(length * SR)
        body = tone(f, length)
        trill = [0.75 + 0.25 * math.sin(2 * math.pi * 28 * i / SR) for i in range(n)]
        harm = tone(lambda t: 2 * f(t), length)
        air = bp(noise(length, rng), 2900, 2.0)
        blast = [(b * tr + 0.15 * h + 0.18 * a) for b, tr, h, a in zip(body, trill, harm, air)]
        mix_into(out, mul(blast, env_adsr(n, 0.02, 0.05)), at=at)
    return out + silence(0.1)


def bell(f: float, length: float, rng: random.Random) -> Buf:
    n = int(length * SR)
    out = [0.0] * n
    for ratio, g, d in (
        (0.5, 0.5, 1.2),
        (1.0, 1.0, 0.9),
        (1.19, 0.5, 0.6),
        (1.5, 0.4, 0.5),
        (2.0, 0.35, 0.4),
        (2.74, 0.2, 0.25),
        (3.76, 0.12, 0.15),
    ):
        mix_into(out, mul(tone(f * ratio, length, phase=rng.random()), env_exp(n, 0.002, d)), g=g)
    return out


def drum(rng: random.Random, length: float = 0.4, f: float = 110) -> Buf:
    n = int(length * SR)
    skin = mul(tone(lambda t: f * (1 + 0.5 * math.exp(-t * 30)), length), env_exp(n, 0.001, 0.12))
    snare = mul(bp(noise(length, rng), 3000, 0.7), env_exp(n, 0.001, 0.07))
    return [a + 0.5 * b for a, b in zip(skin, snare)]


def turn() -> Buf:
    rng = random.Random(11)
    out = silence(1.6)
    for k, at in enumerate((0.0, 0.12, 0.24)):  # a short drum ruff...
        mix_into(out, drum(rng, 0.35, 120 - 10 * k), at=at, g=0.45 + 0.2 * k)
    mix_into(out, bell(660, 1.3, rng), at=0.3, g=0.9)  # ...and the bell
    return out


def brass(freq: float, length: float, rng: random.Random, bright: float = 1.0) -> Buf:
    """A brass-like note: detuned saws through a low-pass that opens with the attack."""
    n = int(length * SR)
    vib = rng.uniform(4.5, 5.5)
    a = tone(lambda t: freq * (1 + 0.004 * math.sin(2 * math.pi * vib * t) * min(1.0, t * 3)), length, "saw")
    b = tone(freq * 1.004, length, "saw", phase=0.3)
    x = [(p + q) * 0.5 for p, q in zip(a, b)]
    # the filter opens over 60 ms: done in blocks
    out: Buf = []
    blk = 128
    state = None
    for s in range(0, n, blk):
        t = s / SR
        cut = freq * (1.5 + 5 * bright * (1 - math.exp(-t / 0.06)))
        flt = Biquad("lp", cut, 1.0)
        if state is not None:
            flt.x1, flt.x2, flt.y1, flt.y2 = state
        out.extend(flt.run(x[s : s + blk]))
        state = (flt.x1, flt.x2, flt.y1, flt.y2)
    return mul(out, env_adsr(n, 0.03, min(0.25, length * 0.4), 1.0))


def note(name: str) -> float:
    names = {"C": -9, "D": -7, "Eb": -6, "E": -5, "F": -4, "G": -2, "Ab": -1, "A": 0, "Bb": 1, "B": 2}
    return 440 * 2 ** ((names[name[:-1]] + 12 * (int(name[-1]) - 4)) / 12)


def victory() -> Buf:
    rng = random.Random(12)
    out = silence(2.8)
    for at, n, ln in (
        (0.0, "G3", 0.16),
        (0.18, "C4", 0.16),
        (0.36, "E4", 0.16),
        (0.54, "G4", 0.4),
        (0.98, "E4", 0.16),
        (1.16, "G4", 1.5),
    ):
        mix_into(out, brass(note(n), ln, rng), at=at, g=0.5)
    for n in ("C3", "C4", "E4"):  # the held chord under the last note
        mix_into(out, brass(note(n), 1.5, rng, 0.6), at=1.16, g=0.28)
    mix_into(out, drum(rng, 0.5, 90), at=1.16, g=0.5)
    return reverb(out, 1.2, 0.0, wet=0.3)


def defeat() -> Buf:
    rng = random.Random(13)
    out = silence(3.0)
    for at, n, ln in ((0.0, "G3", 0.45), (0.5, "Eb3", 0.45), (1.0, "D3", 0.45), (1.5, "C3", 1.3)):
        mix_into(out, brass(note(n), ln, rng, 0.5), at=at, g=0.55)
    for n in ("C2", "G2", "Eb3"):
        mix_into(out, brass(note(n), 1.3, rng, 0.4), at=1.5, g=0.25)
    for at in (0.0, 0.5, 1.0, 1.5):
        mix_into(out, drum(rng, 0.6, 65), at=at, g=0.5 if at < 1.5 else 0.8)
    tremolo = [
        1 - 0.25 * (0.5 + 0.5 * math.sin(2 * math.pi * 5 * i / SR)) if i > 1.5 * SR else 1.0
        for i in range(len(out))
    ]
    return reverb(mul(out, tremolo), 1.5, 0.0, wet=0.35)


def step(rng: random.Random, heavy: float = 1.0) -> Buf:
    """A boot on gravel: a heel thud then a grainy crunch."""
    out = thud(rng, 70, 0.12, 0.5 * heavy)
    n = int(0.14 * SR)
    grains = [rng.random() ** 3 for _ in range(n)]
    crunch = mul(bp(mul(noise(0.14, rng), grains), 2200, 0.7), env_exp(n, 0.005, 0.04))
    mix_into(out, crunch, at=0.015, g=1.3)
    return out


def footsteps() -> Buf:
    """A section marching: left, right, with a second man a touch out of step."""
    rng = random.Random(14)
    out = silence(2.6)
    for k in range(5):
        at = 0.05 + k * 0.48
        mix_into(out, lp(step(rng, 1.0 if k % 2 == 0 else 0.8), 5000), at=at, g=1.0)
        mix_into(out, step(rng, 0.7), at=at + rng.uniform(0.03, 0.07), g=0.45)
        mix_into(out, clank(rng, 0.1), at=at + 0.02, g=0.04)
    return out


def shamble() -> Buf:
    """Dragging feet: long scrapes on grit, an uneven step, a stumble."""
    rng = random.Random(15)
    out = silence(2.6)
    at = 0.02
    for _k in range(4):
        length = rng.uniform(0.35, 0.55)
        n = int(length * SR)
        grains = lp([rng.random() ** 2 for _ in range(n)], 300)
        scrape = mul(
            sweep_bp(mul(noise(length, rng), grains), rng.uniform(700, 1000), rng.uniform(1400, 2000), 1.2),
            env_adsr(n, length * 0.4, length * 0.5),
        )
        mix_into(out, lp(scrape, 2200), at=at, g=1.6)
        mix_into(out, thud(rng, 65, 0.18, 0.6), at=at + length * 0.85, g=0.6)
        at += length + rng.uniform(0.08, 0.18)
    return out


# --------------------------------------------------------------------------- main

SOUNDS: dict[str, tuple[Callable[[], Buf], float]] = {
    "rifle": (rifle, 0.8),
    "smg": (smg, 0.75),
    "lmg": (lmg, 0.8),
    "hit": (hit, 0.7),
    "knockdown": (knockdown, 0.7),
    "death_soldier": (death_soldier, 0.7),
    "death_zombie": (death_zombie, 0.7),
    "groan_1": (lambda: groan(21, 1.3, 78, [(350, 700, 2300), (600, 1000, 2400), (450, 800, 2200)]), 0.5),
    "groan_2": (
        lambda: groan(22, 1.7, 66, [(300, 650, 2100), (500, 850, 2300), (650, 1050, 2400), (380, 700, 2200)]),
        0.5,
    ),
    "groan_3": (lambda: groan(23, 1.1, 92, [(650, 1100, 2500), (420, 750, 2200)]), 0.5),
    "dice": (dice, 0.6),
    "click": (click, 0.5),
    "whistle": (whistle, 0.6),
    "turn": (turn, 0.6),
    "victory": (victory, 0.7),
    "defeat": (defeat, 0.7),
    "footsteps": (footsteps, 0.5),
    "shamble": (shamble, 0.5),
}


def main() -> None:
    lines = [
        "# Every sound by id. Generated by make_sounds.py: edit that script, not this file.",
        "# 16-bit mono WAV at 22050 Hz, normalised to -1 dBFS; `volume` is the default mix level (0-1).",
        "",
    ]
    for sid, (make, volume) in SOUNDS.items():
        write(f"{sid}.wav", make())
        lines += [f"[sounds.{sid}]", f'file = "{sid}.wav"', f"volume = {volume}", ""]
    (HERE / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
