#!/usr/bin/env bash
# Feeds mutated scene files through `aria-render validate` for SECONDS seconds and fails if
# any run crashes (a signal), hangs, goes past the memory or CPU limit, exits with anything
# but 0 or 2, or prints a problem that is not one `file:line:column: …` line.
#
#   scripts/fuzz-scenes.sh SECONDS [SEED]
#
# The mutations start from the princess game's scenes (Scenes/princess/): byte flips, line duplications and
# deletions, alias injection (anchors, aliases of aliases), truncation, splices of two
# files, hostile tokens (huge numbers, deep brackets, NUL, invalid UTF-8, tabs, BOMs).
# The same SEED gives the same sequence of inputs. A failing input is kept (its path is
# printed) with the command that reproduces it.
#
# Environment: ARIA_RENDER (the tool; .build/debug/aria-render), FUZZ_OUT (where failing
# inputs go; .build/fuzz-scenes), FUZZ_TIMEOUT (s per run; 5), FUZZ_MEMORY_MB (peak resident
# memory per run; 100), FUZZ_ADDRESS_SPACE_MB (ulimit -v per run; 1024), FUZZ_CPU (s per run; 1).
# Needs bash and python3 (standard library only).
set -euo pipefail

if [[ $# -lt 1 || ! $1 =~ ^[0-9]+$ ]]; then
    echo "usage: $0 SECONDS [SEED]" >&2
    exit 64
fi
cd "$(dirname "$0")/.."
export FUZZ_SECONDS="$1"
export FUZZ_SEED="${2:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}"
export ARIA_RENDER="${ARIA_RENDER:-.build/debug/aria-render}"
export FUZZ_OUT="${FUZZ_OUT:-.build/fuzz-scenes}"
if [[ ! -x $ARIA_RENDER ]]; then
    echo "fuzz-scenes: $ARIA_RENDER is not built; run 'swift build' first" >&2
    exit 3
fi

exec python3 - <<'PYTHON'
import os, random, re, resource, shutil, signal, sys, tempfile, time

seconds = int(os.environ["FUZZ_SECONDS"])
seed = int(os.environ["FUZZ_SEED"])
tool = os.path.abspath(os.environ["ARIA_RENDER"])
out = os.environ["FUZZ_OUT"]
timeout = float(os.environ.get("FUZZ_TIMEOUT", "5"))
memory_mb = float(os.environ.get("FUZZ_MEMORY_MB", "100"))
address_mb = int(os.environ.get("FUZZ_ADDRESS_SPACE_MB", "1024"))
cpu_limit = float(os.environ.get("FUZZ_CPU", "1"))

print(f"fuzz-scenes: seed {seed}, {seconds} s (reproduce with: scripts/fuzz-scenes.sh {seconds} {seed})", flush=True)
rng = random.Random(seed)
seeds = []
for name in sorted(os.listdir("Scenes/princess")):
    if name.endswith((".yaml", ".yml", ".json")):
        with open(os.path.join("Scenes/princess", name), "rb") as f:
            seeds.append((name, f.read()))
if not seeds:
    sys.exit("fuzz-scenes: no scene files in Scenes/princess/")

HOSTILE = [b"1e400", b"-0", b".nan", b".inf", b"-.inf", b"9" * 400, b"0x1F", b"\x00", b"\xff\xfe", b"\xc3\x28",
           b"\xef\xbb\xbf", b"\t", b"[" * 600, b"{" * 600, b"]", b"}", b"&a", b"*a", b"*zz", b"!!binary",
           b"? ", b"- ", b": ", b"'", b'"', b"|", b">", b"#", b"---\n", b"...\n", b"<<: *a", b"%YAML 1.1\n",
           b"\r\n", b"\xe2\x80\xa8", b"~", b"null", b"true", b"1000000000", b"100%", b"-1%"]

def flip(data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if data:
            i = rng.randrange(len(data))
            data[i] = rng.choice([data[i] ^ (1 << rng.randrange(8)), rng.randrange(256)])
    return bytes(data)

def lines_of(data):
    return data.split(b"\n")

def duplicate_lines(data):
    lines = lines_of(data)
    i = rng.randrange(len(lines))
    j = min(len(lines), i + rng.randint(1, 4))
    lines[j:j] = lines[i:j] * rng.choice([1, 2, 10, 200])
    return b"\n".join(lines)

def delete_lines(data):
    lines = lines_of(data)
    i = rng.randrange(len(lines))
    del lines[i:i + rng.randint(1, 3)]
    return b"\n".join(lines)

def inject_aliases(data):
    # Aliases of aliases ("billion laughs") at a random line, used at another.
    depth, width = rng.randint(2, 12), rng.randint(2, 12)
    lines = [b"l0: &l0 [x, x, x]"] + [
        b"l%d: &l%d [" % (k, k) + b", ".join([b"*l%d" % (k - 1)] * width) + b"]" for k in range(1, depth)]
    body = lines_of(data)
    i = rng.randrange(len(body) + 1)
    body[i:i] = lines
    target = rng.randrange(len(body))
    body[target] = re.sub(rb":\s.*$", b": *l%d" % (depth - 1), body[target], count=1)
    return b"\n".join(body)

def truncate(data):
    return data[:rng.randrange(len(data) + 1)]

def splice(data):
    other = rng.choice(seeds)[1]
    a, b = rng.randrange(len(data) + 1), rng.randrange(len(other) + 1)
    return data[:a] + other[b:]

def hostile_token(data):
    token = rng.choice(HOSTILE)
    i = rng.randrange(len(data) + 1)
    if rng.random() < 0.5:
        j = min(len(data), i + rng.randint(0, 12))
        return data[:i] + token + data[j:]
    return data[:i] + token + data[i:]

def replace_value(data):
    # Swap a number or word after a colon for a hostile one.
    matches = list(re.finditer(rb"(:\s*)([^\s\[\]{},]+)", data))
    if not matches:
        return hostile_token(data)
    m = rng.choice(matches)
    return data[:m.start(2)] + rng.choice(HOSTILE) + data[m.end(2):]

MUTATIONS = [flip, duplicate_lines, delete_lines, inject_aliases, truncate, splice, hostile_token, replace_value]

def mutate(data):
    for _ in range(rng.choice([1, 1, 2, 3, 5])):
        data = rng.choice(MUTATIONS)(data)
    return data

def run(path):
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            resource.setrlimit(resource.RLIMIT_AS, (address_mb << 20, address_mb << 20))
            null = os.open("/dev/null", os.O_RDWR)
            out_fd = os.open(path + ".out", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            err_fd = os.open(path + ".err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(null, 0); os.dup2(out_fd, 1); os.dup2(err_fd, 2)
            os.execv(tool, [tool, "validate", path])
        finally:
            os._exit(127)
    timed_out = False
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done == pid:
            break
        if not timed_out and time.monotonic() - start > timeout:
            timed_out = True
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.001)
    with open(path + ".out", "rb") as f: stdout = f.read()
    with open(path + ".err", "rb") as f: stderr = f.read()
    return status, usage, timed_out, stdout, stderr

def problems_of(path, status, usage, timed_out, stdout, stderr):
    problems = []
    cpu = usage.ru_utime + usage.ru_stime
    peak = usage.ru_maxrss / 1024
    if timed_out:
        problems.append(f"hung: still running after {timeout} s")
    elif os.WIFSIGNALED(status):
        problems.append(f"crashed: signal {os.WTERMSIG(status)} ({signal.Signals(os.WTERMSIG(status)).name})")
    elif os.WEXITSTATUS(status) not in (0, 2):
        problems.append(f"exit code {os.WEXITSTATUS(status)}, expected 0 or 2")
    if cpu > cpu_limit:
        problems.append(f"slow: {cpu:.2f} s of CPU (limit {cpu_limit} s)")
    if peak > memory_mb:
        problems.append(f"memory: {peak:.0f} MB peak (limit {memory_mb:.0f} MB)")
    if not problems and os.WEXITSTATUS(status) == 2:
        lines = stderr.decode("utf-8", "replace").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        located = re.compile(re.escape(path) + r":\d+:\d+: \S")
        if not lines or not lines[-1].startswith("aria-render: "):
            problems.append("exit 2 without the closing 'aria-render: …' line")
        diagnostics = lines[:-1]
        if not diagnostics:
            problems.append("exit 2 without a file:line:column problem")
        for line in diagnostics:
            if not located.match(line):
                problems.append(f"a line that is not 'file:line:column: …': {line[:200]!r}")
                break
        if len(diagnostics) > 101:
            problems.append(f"{len(diagnostics)} problem lines (at most 101)")
    elif not problems and not stdout.decode("utf-8", "replace").startswith(path + ": ok"):
        problems.append(f"exit 0 without '{path}: ok': {stdout[:200]!r}")
    return problems, cpu, peak

work = tempfile.mkdtemp(prefix="fuzz-scenes-")
# A copy of the tool, so a rebuild while the fuzzer runs does not pull it away.
shutil.copy2(tool, os.path.join(work, "aria-render"))
tool = os.path.join(work, "aria-render")
deadline = time.monotonic() + seconds
runs, refused, accepted, failures = 0, 0, 0, 0
worst_cpu, worst_peak = 0.0, 0.0
try:
    while time.monotonic() < deadline and failures < 20:
        name, data = rng.choice(seeds)
        mutated = mutate(data)
        extension = os.path.splitext(name)[1]
        path = os.path.join(work, f"case-{runs}{extension}")
        with open(path, "wb") as f:
            f.write(mutated)
        status, usage, timed_out, stdout, stderr = run(path)
        problems, cpu, peak = problems_of(path, status, usage, timed_out, stdout, stderr)
        worst_cpu, worst_peak = max(worst_cpu, cpu), max(worst_peak, peak)
        if problems:
            failures += 1
            os.makedirs(out, exist_ok=True)
            kept = os.path.join(out, f"seed-{seed}-case-{runs}{extension}")
            shutil.copyfile(path, kept)
            with open(kept + ".stderr", "wb") as f:
                f.write(stderr)
            print(f"fuzz-scenes: FAIL case {runs} (from {name}): " + "; ".join(problems), flush=True)
            print(f"  input kept: {kept}  (reproduce: {os.environ['ARIA_RENDER']} validate {kept})", flush=True)
        elif os.WEXITSTATUS(status) == 2:
            refused += 1
        else:
            accepted += 1
        runs += 1
        for suffix in ("", ".out", ".err"):
            os.unlink(path + suffix)
finally:
    shutil.rmtree(work, ignore_errors=True)

print(f"fuzz-scenes: {runs} inputs in {seconds} s, seed {seed}: {accepted} accepted, {refused} refused with "
      f"file:line:column, {failures} failed; worst {worst_cpu:.3f} s CPU, {worst_peak:.0f} MB peak", flush=True)
sys.exit(1 if failures else 0)
PYTHON
