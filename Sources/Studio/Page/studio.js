// The studio's page: the player, the timeline with the trace, the keys, hot reload.
// Plain JavaScript, nothing fetched but from the studio itself. The state is on
// `window.studio`, where the tests and the benchmark read it.
'use strict';

const studio = window.studio = {
  scene: null,          // the summary of the version shown (/api/scene)
  generation: 0,        // its generation
  frame: 0,             // the playhead
  playing: false,
  rate: 1,              // J/K/L: negative plays backwards
  loop: { in: null, out: null },
  problems: [],
  warnings: [],         // the run's refused or clamped entries, as validate prints them
  painted: { generation: 0, frame: -1, at: 0 },  // the last frame drawn on the canvas, and when (Date.now())
};

const $ = (id) => document.getElementById(id);
const canvas = $('frame'), context = canvas.getContext('2d');
const timeline = $('timeline');
const sound = $('sound');
const storageKey = 'aria-studio:playhead:' + location.pathname;

// ---- frames ---------------------------------------------------------------------------------

const bitmaps = new Map();   // "generation:frame" → ImageBitmap, the newest kept
let wanted = null;           // the frame the canvas should show next
let summaryAfterFrame = false;
let inFlight = 0;

function frameKey(generation, frame) { return generation + ':' + frame; }

async function loadFrame(generation, frame) {
  const key = frameKey(generation, frame);
  if (bitmaps.has(key)) return bitmaps.get(key);
  const response = await fetch('/api/frame/' + frame + '?g=' + generation);
  if (!response.ok) throw new Error(await response.text());
  const shownGeneration = Number(response.headers.get('X-Generation'));
  const bitmap = await createImageBitmap(await response.blob());
  const shownKey = frameKey(shownGeneration, frame);
  bitmaps.set(shownKey, bitmap);
  // Decoded frames are large (a 720p one is 3.7 MB): about 240 MB of them are kept.
  const budget = Math.max(8, Math.floor(60e6 / (bitmap.width * bitmap.height)));
  while (bitmaps.size > budget) {
    const oldest = bitmaps.keys().next().value;
    if (oldest === shownKey) break;
    bitmaps.get(oldest).close();
    bitmaps.delete(oldest);
  }
  return bitmaps.get(key) || bitmap;
}

// Shows frame `frame` of the version shown as soon as it is there; a later request wins.
function show(frame) {
  wanted = { generation: studio.generation, frame };
  if (inFlight > 0) return;
  pump();
}

async function pump() {
  while (wanted) {
    const { generation, frame } = wanted;
    wanted = null;
    inFlight++;
    try {
      const bitmap = await loadFrame(generation, frame);
      if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
      }
      context.globalAlpha = 1;
      context.drawImage(bitmap, 0, 0);
      const onion = onionRange();
      if (onion > 0) {
        // The neighbours over it, fainter the farther they are.
        for (let distance = 1; distance <= onion; distance++) {
          for (const other of [frame - distance, frame + distance]) {
            if (other < 0 || other >= frameCount()) continue;
            context.globalAlpha = 0.3 / distance;
            context.drawImage(await loadFrame(generation, other), 0, 0);
          }
        }
        context.globalAlpha = 1;
      }
      const outline = drawOutline();
      studio.painted = { generation, frame, onion, outline, at: Date.now() };
    } catch (error) {
      // The last good frame stays; the problem shows if the file has one.
      console.log('frame ' + frame + ': ' + error.message);
    } finally {
      inFlight--;
    }
    // After a reload the frame comes first, then the rest of the new version (its marks, sound).
    if (summaryAfterFrame && generation === studio.generation) { summaryAfterFrame = false; loadScene(); }
  }
}

// ---- the app's screens over the frame --------------------------------------------------------

// Screens in points, upright, with their safe-area insets (top, right, bottom, left).
const screens = {
  'iphone': { width: 390, height: 844, safe: [47, 0, 34, 0] },
  'iphone-se': { width: 375, height: 667, safe: [20, 0, 0, 0] },
  'ipad': { width: 820, height: 1180, safe: [24, 0, 20, 0] },
};

// The largest screen of the chosen shape that fits the canvas (turned to the canvas's
// orientation), centred, its outline solid and its safe area dashed; the rectangle drawn.
function outlineRect() {
  const screen = screens[$('outline').value];
  if (!screen) return null;
  const landscape = canvas.width > canvas.height;
  const width = landscape ? screen.height : screen.width, height = landscape ? screen.width : screen.height;
  const [top, right, bottom, left] = landscape ? [screen.safe[1], screen.safe[0], screen.safe[3] + Math.min(21, screen.safe[2]), screen.safe[0]] : screen.safe;
  const scale = Math.min(canvas.width / width, canvas.height / height);
  const w = Math.round(width * scale), h = Math.round(height * scale);
  const x = Math.round((canvas.width - w) / 2), y = Math.round((canvas.height - h) / 2);
  return { x, y, w, h, safe: { x: x + Math.round(left * scale), y: y + Math.round(top * scale),
                               w: w - Math.round((left + right) * scale), h: h - Math.round((top + bottom) * scale) } };
}

function drawOutline() {
  const rect = outlineRect();
  if (!rect) return null;
  context.save();
  context.lineWidth = 2;
  context.strokeStyle = '#ff00ff';
  context.strokeRect(rect.x + 1, rect.y + 1, rect.w - 2, rect.h - 2);
  context.lineWidth = 1;
  context.setLineDash([6, 4]);
  context.strokeStyle = '#00ffff';
  context.strokeRect(rect.safe.x + 0.5, rect.safe.y + 0.5, rect.safe.w - 1, rect.safe.h - 1);
  context.restore();
  return rect;
}

$('outline').addEventListener('change', () => { $('outline').blur(); show(studio.frame); });

// ---- onion skin and the contact sheet ------------------------------------------------------

function onionRange() { return $('onion').checked ? Math.max(1, Math.min(5, Number($('onion-range').value) || 1)) : 0; }
$('onion').addEventListener('change', () => { $('onion').blur(); show(studio.frame); });
$('onion-range').addEventListener('change', () => show(studio.frame));

// The contact sheet is the server's: the PNG `aria-render render SCENE --contact-sheet every=N`
// writes (labelled thumbnails under a title), made by the render's own code; a blob.
async function contactSheet(every) {
  const response = await fetch('/api/contact-sheet.png?every=' + every + '&g=' + studio.generation);
  if (!response.ok) throw new Error(await response.text());
  const blob = await response.blob();
  studio.sheet = { every, bytes: blob.size };
  return blob;
}

$('sheet').addEventListener('click', async () => {
  const every = Math.max(1, Number($('sheet-every').value) || 30);
  $('sheet-state').textContent = 'making…';
  try {
    const blob = await contactSheet(every);
    $('sheet-state').textContent = '';
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = (studio.scene ? studio.scene.name : 'scene') + '-contact-sheet.png';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  } catch (error) {
    $('sheet-state').textContent = error.message;
  }
});

// ---- the playhead ----------------------------------------------------------------------------

function frameCount() { return studio.scene && studio.scene.frames ? studio.scene.frames : 1; }
function fps() { return studio.scene && studio.scene.fps ? studio.scene.fps : 30; }

function seek(frame, { fromSound = false } = {}) {
  const last = frameCount() - 1;
  frame = Math.max(0, Math.min(last, Math.round(frame)));
  studio.frame = frame;
  try { localStorage.setItem(storageKey, String(frame)); } catch (_) {}
  history.replaceState(null, '', location.pathname + location.search + '#frame=' + frame);
  if (!fromSound && studio.playing && studio.rate === 1 && sound.src) syncSound();
  $('position').textContent = 'frame ' + frame + ' / ' + last;
  $('clock').textContent = (frame / fps()).toFixed(2) + ' s';
  show(frame);
  drawTimeline();
}

function savedPlayhead() {
  const fromHash = /#frame=(\d+)/.exec(location.hash);
  if (fromHash) return Number(fromHash[1]);
  const stored = Number(localStorage.getItem(storageKey));
  return Number.isFinite(stored) ? stored : 0;
}

// ---- playing, with the sound as the clock when it plays forward at speed 1 ------------------

let lastTick = 0, carried = 0;
// When the sound's clock last moved: a sound that stalls (no audio device, a seek the browser
// could not make) hands the frames to the time clock instead of holding them still.
let soundSeen = { time: -1, at: 0 };

function setPlaying(playing, rate = 1) {
  studio.playing = playing;
  studio.rate = rate;
  $('play').textContent = playing ? '❚❚' : '▶';
  if (playing && rate === 1) syncSound(); else sound.pause();
  lastTick = performance.now();
  carried = 0;
  if (playing) requestAnimationFrame(tick);
}

function syncSound() {
  if (!sound.src) return;
  sound.currentTime = studio.frame / fps();
  sound.play().catch(() => {});
}

function tick(now) {
  if (!studio.playing) return;
  let next;
  const soundPlays = studio.rate === 1 && sound.src && !sound.paused && sound.readyState >= 2;
  if (soundPlays && sound.currentTime !== soundSeen.time) soundSeen = { time: sound.currentTime, at: now };
  if (soundPlays && now - soundSeen.at < 300) {
    next = Math.floor(sound.currentTime * fps() + 1e-6);
    studio.clock = { by: 'sound', frame: next };
  } else {
    studio.clock = { by: 'time' };
    carried += (now - lastTick) / 1000 * fps() * studio.rate;
    const whole = Math.trunc(carried);
    carried -= whole;
    next = studio.frame + whole;
  }
  lastTick = now;
  const first = studio.loop.in ?? 0, last = studio.loop.out ?? frameCount() - 1;
  if (next > last || next < first) {
    const looping = studio.loop.in !== null || studio.loop.out !== null;
    if (!looping && next > last) { seek(last, { fromSound: true }); setPlaying(false); return; }
    next = studio.rate < 0 ? last : first;
    seek(next);
  } else if (next !== studio.frame) {
    seek(next, { fromSound: true });
  }
  requestAnimationFrame(tick);
}

// ---- keys -------------------------------------------------------------------------------------

document.addEventListener('keydown', (event) => {
  // Typing a number or choosing a scene is not a key of the player.
  if (event.target.tagName === 'SELECT' || (event.target.tagName === 'INPUT' && event.target.type === 'number' && event.target !== $('goto-frame'))) return;
  if (event.target === $('goto-frame')) {
    if (event.key === 'Enter') { seek(Number($('goto-frame').value)); $('goto').hidden = true; canvas.focus(); }
    if (event.key === 'Escape') $('goto').hidden = true;
    return;
  }
  const second = fps();
  switch (event.key) {
    case ' ': setPlaying(!studio.playing); break;
    case 'ArrowRight': setPlaying(false); seek(studio.frame + (event.shiftKey ? second : 1)); break;
    case 'ArrowLeft': setPlaying(false); seek(studio.frame - (event.shiftKey ? second : 1)); break;
    case 'k': case 'K': setPlaying(false); break;
    case 'l': case 'L': setPlaying(true, studio.playing && studio.rate > 0 ? Math.min(4, studio.rate * 2) : 1); break;
    case 'j': case 'J': setPlaying(true, studio.playing && studio.rate < 0 ? Math.max(-4, studio.rate * 2) : -1); break;
    case 'i': case 'I': studio.loop.in = studio.frame; if (studio.loop.out !== null && studio.loop.out < studio.frame) studio.loop.out = null; showRange(); break;
    case 'o': case 'O': studio.loop.out = studio.frame; if (studio.loop.in !== null && studio.loop.in > studio.frame) studio.loop.in = null; showRange(); break;
    case 'g': case 'G': $('goto').hidden = false; $('goto-frame').value = studio.frame; $('goto-frame').focus(); $('goto-frame').select(); break;
    default: return;
  }
  event.preventDefault();
});

function showRange() {
  const { in: first, out: last } = studio.loop;
  $('range').textContent = first === null && last === null ? '' : 'loop ' + (first ?? 0) + '–' + (last ?? frameCount() - 1);
  drawTimeline();
}

$('play').addEventListener('click', () => setPlaying(!studio.playing));

// ---- the timeline ------------------------------------------------------------------------------

// The picture is the server's (/api/timeline.svg, the one check's report draws, made by the same
// code), as wide as the box; the page only lays the loop range and the playhead over it and
// reads its geometry from it, so the two cannot disagree on where a frame is.
let labelWidth = 120, rowHeight = 16, rulerHeight = 18, plotWidth = 0, timelineFrames = 1;

function rows() { return studio.scene && studio.scene.timeline ? studio.scene.timeline.rows : []; }
function marks() { return studio.scene && studio.scene.timeline ? studio.scene.timeline.marks : []; }
function plot() { return plotWidth > 0 ? plotWidth : timeline.clientWidth - labelWidth - 6; }
function xOf(frame) { return labelWidth + plot() * frame / Math.max(1, timelineFrames - 1); }
function frameAt(x) { return (x - labelWidth) / plot() * Math.max(1, timelineFrames - 1); }

async function loadTimeline() {
  const width = Math.max(200, Math.round(timeline.clientWidth)), generation = studio.generation;
  if (studio.timeline && studio.timeline.generation === generation && studio.timeline.width === width) return;
  const response = await fetch('/api/timeline.svg?width=' + width + '&g=' + generation);
  if (!response.ok) return;
  const shown = Number(response.headers.get('X-Generation')), text = await response.text();
  // An answer older than the version shown, or than the picture there, is dropped.
  if (shown < studio.generation || (studio.timeline && shown < studio.timeline.generation)) return;
  $('timeline-picture').innerHTML = text;
  const svg = $('timeline-picture').querySelector('svg');
  labelWidth = Number(svg.dataset.labelWidth);
  plotWidth = Number(svg.dataset.plotWidth);
  timelineFrames = Number(svg.dataset.frames);
  rowHeight = Number(svg.dataset.rowHeight);
  rulerHeight = Number(svg.dataset.rulerHeight);
  studio.timeline = { generation: shown, width };
  drawTimeline();
}

// The loop range and the playhead over the picture.
function drawTimeline() {
  const loop = $('timeline-loop');
  loop.hidden = studio.loop.in === null && studio.loop.out === null;
  if (!loop.hidden) {
    const a = xOf(studio.loop.in ?? 0), b = xOf(studio.loop.out ?? frameCount() - 1);
    loop.style.left = a + 'px';
    loop.style.width = Math.max(1, b - a) + 'px';
  }
  $('timeline-playhead').style.left = (xOf(studio.frame) - 1) + 'px';
}

function markNear(x, y) {
  const row = rows()[Math.floor((y - rulerHeight) / rowHeight)];
  if (row === undefined) return null;
  let best = null, distance = 5;
  for (const mark of marks()) {
    if (mark.row !== row) continue;
    const d = Math.abs(xOf(mark.frame) - x);
    if (d < distance) { best = mark; distance = d; }
  }
  return best;
}

// Where the pointer is over the timeline, whatever element of the picture it is on.
function pointer(event) { const box = timeline.getBoundingClientRect(); return { x: event.clientX - box.left, y: event.clientY - box.top }; }

let scrubbing = false;
timeline.addEventListener('mousedown', (event) => { event.preventDefault(); scrubbing = true; setPlaying(false); $('mark-line').hidden = true; seek(frameAt(pointer(event).x)); });
window.addEventListener('mouseup', () => { scrubbing = false; });
// A drag goes on following the pointer when it leaves the timeline.
window.addEventListener('mousemove', (event) => { if (scrubbing) seek(frameAt(pointer(event).x)); });
timeline.addEventListener('mousemove', (event) => {
  if (scrubbing) return;
  const { x, y } = pointer(event), mark = markNear(x, y), box = $('mark-line');
  if (!mark) { box.hidden = true; return; }
  box.textContent = mark.line;
  box.hidden = false;
  box.style.left = Math.min(x + 12, timeline.clientWidth * 0.2) + 'px';
  box.style.top = (y + 14) + 'px';
});
timeline.addEventListener('mouseleave', () => { $('mark-line').hidden = true; });
let resizing = null;
window.addEventListener('resize', () => { clearTimeout(resizing); resizing = setTimeout(loadTimeline, 100); drawTimeline(); });

// ---- the scene, its reloads and its problems -----------------------------------------------

function showProblems(problems) {
  studio.problems = problems;
  const list = $('problem-list');
  list.replaceChildren(...problems.map((text) => { const item = document.createElement('li'); item.textContent = text; return item; }));
  $('problems').hidden = problems.length === 0;
}

function showWarnings(warnings) {
  studio.warnings = warnings;
  $('warning-list').replaceChildren(...warnings.map((text) => { const item = document.createElement('li'); item.textContent = text; return item; }));
  $('warnings').hidden = warnings.length === 0;
}

async function loadScene() {
  const response = await fetch('/api/scene');
  const scene = await response.json();
  // The problems come with the WebSocket's messages, in order; a summary may be older than
  // the last of them, and so may its version (a later reload's answer can come first).
  if (!scene.generation || scene.generation < studio.generation) return;
  const first = studio.scene === null;
  studio.scene = scene;
  studio.generation = scene.generation;
  showWarnings(scene.warnings || []);
  $('scene-name').textContent = scene.name;
  loadSceneList();
  loadQA();
  $('scene-facts').textContent = scene.game + ' · ' + scene.width + '×' + scene.height + ' · ' + scene.fps + ' fps · ' +
    scene.frames + ' frames · version ' + scene.generation;
  const playing = studio.playing;
  sound.src = '/api/soundtrack.wav?g=' + scene.generation;
  loadTimeline();
  seek(first ? savedPlayhead() : studio.frame);
  if (playing) setPlaying(true, studio.rate);
}

// ---- a folder's scenes ----------------------------------------------------------------------

async function loadSceneList() {
  const list = await (await fetch('/api/scenes')).json();
  const option = (value, text) => {
    const element = document.createElement('option');
    element.value = value;
    element.textContent = text;
    element.selected = value === list.current;
    return element;
  };
  const scenes = document.createElement('optgroup'), games = document.createElement('optgroup');
  scenes.label = 'scene files';
  scenes.append(...list.scenes.map((name) => option(name, name)));
  games.label = 'the lobby\'s games (built-in scenes)';
  games.append(...list.games.map((game) => option('game:' + game.id, game.name)));
  $('scenes').replaceChildren(...(list.scenes.length ? [scenes] : []), games);
  $('scene-choice').hidden = false;
}

$('scenes').addEventListener('change', async () => {
  // Another scene starts at its beginning; the WebSocket brings its first frame.
  setPlaying(false);
  studio.frame = 0;
  studio.loop = { in: null, out: null };
  const chosen = $('scenes').value;
  await fetch('/api/open?' + (chosen.startsWith('game:') ? 'game=' + encodeURIComponent(chosen.slice(5)) : 'scene=' + encodeURIComponent(chosen)),
              { method: 'POST' });
});

// ---- renders from the page -------------------------------------------------------------------

let renderPolling = null;

function showRender(status) {
  studio.render = status;
  const running = status.state === 'running';
  $('render-progress').hidden = status.state === 'idle';
  $('render-progress').value = status.total ? status.done / status.total : 0;
  $('render-cancel').hidden = !running;
  $('render-command').textContent = status.command;
  $('render-state').textContent = running
    ? status.done + ' / ' + status.total + ' frames · ' + status.fps.toFixed(1) + ' fps · ' + Math.ceil(status.secondsLeft) + ' s left'
    : status.state === 'idle' ? '' : status.state + (status.message ? ': ' + status.message : '') + (status.state === 'done' ? ' → ' + status.output : '');
  $('render-list').replaceChildren(...status.renders.map((path) => {
    const item = document.createElement('li'), link = document.createElement('a');
    link.href = '/files/' + path;
    link.textContent = path;
    link.addEventListener('click', (event) => { event.preventDefault(); view(path); });
    item.append(link);
    return item;
  }));
  if (running && !renderPolling) renderPolling = setInterval(pollRender, 250);
  if (!running && renderPolling) { clearInterval(renderPolling); renderPolling = null; }
}

// A finished render plays (or shows) in the page.
function view(path) {
  const isImage = /\.(png|gif)$/.test(path), element = document.createElement(isImage ? 'img' : 'video');
  element.src = '/files/' + path;
  if (!isImage) element.controls = true;
  $('render-view').replaceChildren(element);
}

async function pollRender() {
  const response = await fetch('/api/render');
  if (response.ok) showRender(await response.json());
}

for (const button of document.querySelectorAll('#render-box button[data-format]')) {
  button.addEventListener('click', async () => {
    const response = await fetch('/api/render?format=' + button.dataset.format + '&frame=' + studio.frame, { method: 'POST' });
    if (response.ok) showRender(await response.json()); else $('render-state').textContent = await response.text();
  });
}
$('render-cancel').addEventListener('click', async () => { await fetch('/api/render/cancel', { method: 'POST' }); pollRender(); });

// ---- the QA view: golden / actual / diff per golden frame, as check compares them ----------

let flickerTimer = null;

async function loadQA() {
  if (!$('qa-box').open) return;
  const response = await fetch('/api/qa');
  if (!response.ok) { $('qa-summary').textContent = response.status === 404 ? 'not in the golden manifest' : await response.text(); return; }
  const qa = await response.json();
  studio.qa = qa;
  const failed = qa.frames.filter((f) => !f.passed).length;
  $('qa-summary').textContent = qa.scene + ': ' + qa.frames.length + ' golden frames, ' + (failed ? failed + ' differ' : 'all match');
  $('qa-frames').replaceChildren(...qa.frames.map((f) => {
    const button = document.createElement('button');
    button.textContent = 'frame ' + f.frame + (f.passed ? ' ✓' : ' ✗ ' + f.differentPixels + ' px');
    button.className = f.passed ? '' : 'failed';
    button.dataset.frame = f.frame;
    button.addEventListener('click', () => chooseQA(f.frame));
    return button;
  }));
  if (studio.qaFrame !== undefined && qa.frames.some((f) => f.frame === studio.qaFrame)) chooseQA(studio.qaFrame);
}

function chooseQA(frame) {
  studio.qaFrame = frame;
  const base = '/api/qa/' + frame + '/', version = '?g=' + studio.generation;
  $('qa-golden').src = base + 'golden.png' + version;
  $('qa-actual').src = base + 'actual.png' + version;
  $('qa-diff').src = base + 'diff.png' + version;
  $('qa-flicker').src = $('qa-golden').src;
  $('qa-view').hidden = false;
  for (const button of $('qa-frames').children) button.classList.toggle('chosen', Number(button.dataset.frame) === frame);
  seek(frame);
}

$('qa-flicker-on').addEventListener('change', () => {
  clearInterval(flickerTimer);
  flickerTimer = null;
  if ($('qa-flicker-on').checked) {
    flickerTimer = setInterval(() => {
      $('qa-flicker').src = $('qa-flicker').src === $('qa-golden').src ? $('qa-actual').src : $('qa-golden').src;
    }, 400);
  }
});
$('qa-box').addEventListener('toggle', loadQA);
fetch('/api/qa/available').then(async (response) => {
  const qa = response.ok ? await response.json() : {};
  $('qa-box').hidden = !(qa.available || qa.review);
  // The check report's review, when there is a report: it opens beside the studio.
  if (qa.review) { $('qa-review-link').href = qa.review; $('qa-review-link').target = '_blank'; $('qa-review').hidden = false; }
});

let connectedBefore = false;
function connect() {
  const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/live');
  socket.onopen = () => {
    $('connection').textContent = 'live';
    $('connection').className = '';
    // After a restart the server counts versions anew: everything is asked again.
    if (connectedBefore) { bitmaps.clear(); studio.generation = -1; studio.timeline = null; loadScene(); }
    connectedBefore = true;
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === 'scene') {
      showProblems([]);
      if (message.generation !== studio.generation) {
        // The frame at the playhead first, then the rest of the summary.
        studio.generation = message.generation;
        summaryAfterFrame = true;
        show(studio.frame);
      }
    } else if (message.type === 'problems') {
      showProblems(message.problems);
    }
  };
  // A restarted server is found again.
  socket.onclose = () => { $('connection').textContent = 'reconnecting…'; $('connection').className = 'offline'; setTimeout(connect, 500); };
}

loadSceneList();
// Renders go into the opened folder: without one (the built-in scene) there are none.
fetch('/api/render').then(async (response) => { if (response.ok) { $('render-box').hidden = false; showRender(await response.json()); } });
loadScene().then(connect);
