/// The page the view serves at `/`: static HTML, CSS and JavaScript, nothing fetched from
/// elsewhere. It draws each frame on a canvas and every lane's detections over it in SVG
/// (outlines in the lane's colour, labels, tracks' ids, face landmarks), lists the latest
/// lines (payloads selectable and copyable), shows each lane's rates, and reports each frame
/// it has put on screen. Dragging a box asks the run to follow what is in it.
enum ViewPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>scry: live view</title>
<style>
  :root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }
  body { margin: 0; display: flex; flex-wrap: wrap; gap: 12px; padding: 12px; background: #1d1f21; color: #e8e8e8; }
  #stage { position: relative; flex: 3 1 640px; max-width: 1280px; align-self: flex-start; background: #000; }
  #frame { display: block; width: 100%; height: auto; }
  #marks { position: absolute; left: 0; top: 0; width: 100%; height: 100%; cursor: crosshair; }
  #marks text { font: 600 22px system-ui, sans-serif; paint-order: stroke; stroke: #000; stroke-width: 4px; }
  #hint { position: absolute; left: 50%; top: 12px; transform: translateX(-50%); padding: 6px 14px; border-radius: 16px;
          background: rgba(0,0,0,.72); color: #fff; font-size: 18px; display: none; }
  #status { position: absolute; left: 8px; bottom: 6px; font-size: 12px; color: #bbb; text-shadow: 0 0 3px #000; }
  aside { flex: 1 1 300px; min-width: 280px; max-width: 520px; }
  h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: #9a9a9a; margin: 4px 0; }
  table { border-collapse: collapse; width: 100%; margin-bottom: 12px; }
  td, th { text-align: right; padding: 2px 6px; font-variant-numeric: tabular-nums; }
  td:first-child, th:first-child { text-align: left; }
  #lines { list-style: none; margin: 0; padding: 0; max-height: 70vh; overflow-y: auto; }
  #lines li { display: flex; gap: 6px; align-items: baseline; padding: 4px 0; border-bottom: 1px solid #333; }
  #lines .lane { font-size: 11px; padding: 0 5px; border-radius: 3px; color: #000; flex: none; }
  #lines .payload { flex: 1; word-break: break-all; user-select: text; font-family: ui-monospace, monospace; }
  #lines button { flex: none; font-size: 11px; }
</style>
</head>
<body>
<div id="stage">
  <canvas id="frame" width="1280" height="720"></canvas>
  <svg id="marks" viewBox="0 0 1280 720" preserveAspectRatio="none" xmlns="http://www.w3.org/2000/svg"></svg>
  <div id="hint"></div>
  <div id="status">connecting</div>
</div>
<aside>
  <h2>Lanes</h2>
  <table id="lanes"><thead><tr><th>lane</th><th>fps</th><th>processed</th><th>dropped</th><th>p50 ms</th></tr></thead><tbody></tbody></table>
  <h2>Latest</h2>
  <ol id="lines"></ol>
</aside>
<script>
"use strict";
const token = new URLSearchParams(location.search).get("token");
const withToken = (path, first) => token ? path + (first ? "?" : "&") + "token=" + encodeURIComponent(token) : path;
const svgNS = "http://www.w3.org/2000/svg";
const canvas = document.getElementById("frame"), context = canvas.getContext("2d");
const overlay = document.getElementById("marks"), statusLine = document.getElementById("status");
const lanes = new Map();          // name -> {outline, label}
const marks = new Map();          // lane -> [{frame, marks}], oldest first: what it found on each frame it read
let shownFrame = -1;              // the frame on the canvas
let following = false, socket = null, size = {width: 1280, height: 720};
const markHistory = 90;           // frames of marks kept per lane (3 s at 30 fps)

function colourOf(lane, which) { const style = lanes.get(lane); return style ? style[which] : "#e600c8"; }
function send(message) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(message)); }
function setSize(width, height) {
  if (width === size.width && height === size.height) return;
  size = {width, height};
  overlay.setAttribute("viewBox", `0 0 ${width} ${height}`);
}

// Frames come over the WebSocket, one at a time: the run sends the next once this page says
// the last is on screen, so a slow browser only gets fewer. Each is 8 bytes of sequence
// number, the upright frame's width and height (2 bytes each, big-endian), then the JPEG.
async function showFrame(buffer) {
  const header = new DataView(buffer, 0, 12);
  const sequence = Number(header.getBigUint64(0));
  try {
    const picture = await createImageBitmap(new Blob([new Uint8Array(buffer, 12)], {type: "image/jpeg"}));
    // The picture comes reduced; the outlines are in the frame's own pixels.
    setSize(header.getUint16(8), header.getUint16(10));
    if (canvas.width !== picture.width || canvas.height !== picture.height) {
      canvas.width = picture.width; canvas.height = picture.height;
    }
    context.drawImage(picture, 0, 0);
    picture.close();
    shownFrame = sequence;
    drawMarks();
    document.body.dataset.frame = String(sequence);
    statusLine.textContent = "frame " + sequence;
  } catch (error) {
    statusLine.textContent = "frame " + sequence + " could not be drawn: " + error;
  }
  // Said even for a frame that could not be drawn, or no other would come.
  requestAnimationFrame(() => send({shown: sequence}));
}

function pointsText(points) { return points.map(p => p[0] + "," + p[1]).join(" "); }

const drawnFrames = new Map();     // lane -> the frame whose marks are drawn
let redrawing = null;             // a redraw of the marks to come
function drawMarks() {
  overlay.replaceChildren();
  drawnFrames.clear();
  clearTimeout(redrawing);
  redrawing = null;
  for (const [lane, entries] of marks) {
    // Each lane's outlines on the frame shown, or on the last frame before it that the lane
    // read (a lane may skip frames): never outlines from a frame not yet on screen.
    let entry = null;
    for (const candidate of entries) if (candidate.frame <= shownFrame) entry = candidate;
    if (!entry) continue;
    drawnFrames.set(lane, entry.frame);
    for (const mark of entry.marks) {
      const group = document.createElementNS(svgNS, "g");
      group.setAttribute("class", "mark");
      group.dataset.lane = lane;
      group.dataset.frame = String(entry.frame);
      if (mark.track !== undefined) group.dataset.track = String(mark.track);
      group.dataset.outline = JSON.stringify(mark.outline);
      const outline = document.createElementNS(svgNS, "polygon");
      outline.setAttribute("points", pointsText(mark.outline));
      outline.setAttribute("fill", lane === "object" ? "rgba(255,0,0,0.08)" : "none");
      outline.setAttribute("stroke", colourOf(lane, "outline"));
      outline.setAttribute("stroke-width", "4");
      group.appendChild(outline);
      for (const stroke of mark.strokes || []) {
        const line = document.createElementNS(svgNS, stroke.closed ? "polygon" : "polyline");
        line.setAttribute("points", pointsText(stroke.points));
        line.setAttribute("fill", "none");
        line.setAttribute("stroke", colourOf(lane, "outline"));
        line.setAttribute("stroke-width", "2");
        group.appendChild(line);
      }
      const label = (mark.track !== undefined ? "#" + mark.track + " " : "") + (mark.label || "");
      if (label) {
        const top = mark.outline.reduce((best, p) => p[1] < best[1] ? p : best, mark.outline[0]);
        const text = document.createElementNS(svgNS, "text");
        text.setAttribute("x", Math.max(0, Math.min(...mark.outline.map(p => p[0]))));
        text.setAttribute("y", top[1] > 28 ? top[1] - 8 : Math.max(...mark.outline.map(p => p[1])) + 26);
        text.setAttribute("fill", colourOf(lane, "outline"));
        text.textContent = label.length > 60 ? label.slice(0, 57) + "..." : label;
        group.appendChild(text);
      }
      if (lane === "object" && mark.track !== undefined) {
        group.style.cursor = "pointer";
        // pointerdown, not click: the marks are redrawn several times a second.
        group.addEventListener("pointerdown", event => { event.stopPropagation(); send({unfollow: mark.track}); });
      }
      overlay.appendChild(group);
    }
  }
  if (drag) overlay.appendChild(drag.element);
}

function describe(line) {
  switch (line.type) {
    case "barcode": return line.symbology + " " + (line.payload ?? line.payload_base64 ?? "");
    case "text": return line.text ?? "a line of text (--recognize reads it)";
    case "face": return "face" + (line.confidence !== undefined ? " " + line.confidence : "");
    case "object": return "object #" + line.track;
    default: return line.type;
  }
}

// Lines are put in the list a few times a second, not one by one as they come: each change
// to the list costs the browser a layout and a paint, on the cores the lanes use.
const pendingLines = [];
const linesEvery = 250;           // ms between updates of the list
function addLine(line) {
  if (line.event === undefined || line.event === "seen") return;
  pendingLines.push(line);
  if (pendingLines.length === 1) setTimeout(showLines, linesEvery);
}

function showLines() {
  const list = document.getElementById("lines");
  list.prepend(...pendingLines.splice(0).reverse().map(listItem));
  while (list.children.length > 60) list.lastChild.remove();
}

function listItem(line) {
  const item = document.createElement("li");
  const lane = document.createElement("span");
  lane.className = "lane";
  lane.textContent = line.type + (line.track !== undefined ? " #" + line.track : "") + " " + line.event;
  lane.style.background = colourOf(line.type, "outline");
  const payload = document.createElement("span");
  payload.className = "payload";
  payload.textContent = describe(line);
  item.dataset.type = line.type;
  item.dataset.json = JSON.stringify(line);
  item.append(lane, payload);
  if (line.payload !== undefined || line.text !== undefined) {
    const copy = document.createElement("button");
    copy.textContent = "copy";
    copy.addEventListener("click", () => navigator.clipboard?.writeText(line.payload ?? line.text));
    item.appendChild(copy);
  }
  return item;
}

function showLanes(rows) {
  const body = document.querySelector("#lanes tbody");
  body.replaceChildren(...rows.map(lane => {
    const row = document.createElement("tr");
    row.dataset.lane = lane.name;
    for (const value of [lane.name, lane.fps, lane.processed, lane.dropped, lane.p50_ms ?? ""]) {
      const cell = document.createElement("td");
      cell.textContent = String(value);
      row.appendChild(cell);
    }
    row.firstChild.style.color = colourOf(lane.name, "outline");
    return row;
  }));
}

let hintTimer = null;
function showHint(hint) {
  const banner = document.getElementById("hint");
  banner.textContent = hint.message;
  banner.dataset.hint = hint.hint;
  banner.style.display = "block";
  clearTimeout(hintTimer);
  hintTimer = setTimeout(() => { banner.style.display = "none"; }, 3000);
}

function connect() {
  socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + withToken("/events?frames=1", false));
  socket.binaryType = "arraybuffer";
  socket.onopen = () => { statusLine.textContent = "connected"; };
  socket.onclose = () => { statusLine.textContent = "the run has ended or the view stopped"; socket = null; };
  socket.onmessage = event => {
    if (typeof event.data !== "string") { showFrame(event.data); return; }
    // Messages come one JSON object a line (those that waited together in one message).
    for (const text of event.data.split("\n")) {
      const message = JSON.parse(text);
      handle(message);
      // A lane's marks on the frame shown (or nearer it than those drawn) often come after
      // the frame: they are drawn then, those of the lanes within 30 ms in one redraw.
      if (message.view === "marks" && message.frame <= shownFrame && message.frame > (drawnFrames.get(message.lane) ?? -1)
          && redrawing === null) redrawing = setTimeout(drawMarks, 30);
    }
  };
}

function handle(message) {
  switch (message.view) {
    case "hello":
      for (const lane of message.lanes) lanes.set(lane.name, lane);
      following = message.following;
      break;
    case "marks":
      {
        const entries = marks.get(message.lane) || [];
        entries.push({frame: message.frame, marks: message.marks});
        if (entries.length > markHistory) entries.shift();
        marks.set(message.lane, entries);
      }
      break;
    case "line":
      addLine(message.line);
      if (message.line.type === "hint") showHint(message.line);
      break;
    case "lanes":
      showLanes(message.lanes);
      break;
  }
}

// A box dragged on the picture asks the run to follow what is in it.
let drag = null;
function framePoint(event) {
  const point = overlay.createSVGPoint();
  point.x = event.clientX; point.y = event.clientY;
  const local = point.matrixTransform(overlay.getScreenCTM().inverse());
  return {x: Math.max(0, Math.min(size.width, local.x)), y: Math.max(0, Math.min(size.height, local.y))};
}
overlay.addEventListener("pointerdown", event => {
  if (!following || event.button !== 0) return;
  const start = framePoint(event);
  const element = document.createElementNS(svgNS, "rect");
  element.setAttribute("fill", "none"); element.setAttribute("stroke", "#ff3030");
  element.setAttribute("stroke-width", "3"); element.setAttribute("stroke-dasharray", "10 6");
  drag = {start, element};
  overlay.setPointerCapture(event.pointerId);
});
overlay.addEventListener("pointermove", event => {
  if (!drag) return;
  const point = framePoint(event);
  drag.box = [Math.min(drag.start.x, point.x), Math.min(drag.start.y, point.y), Math.abs(point.x - drag.start.x), Math.abs(point.y - drag.start.y)];
  drag.element.setAttribute("x", drag.box[0]); drag.element.setAttribute("y", drag.box[1]);
  drag.element.setAttribute("width", drag.box[2]); drag.element.setAttribute("height", drag.box[3]);
  if (!drag.element.parentNode) overlay.appendChild(drag.element);
});
overlay.addEventListener("pointerup", () => {
  if (drag && drag.box && drag.box[2] >= 8 && drag.box[3] >= 8) send({follow: drag.box.map(v => Math.round(v * 10) / 10)});
  drag = null;
  drawMarks();
});

connect();
</script>
</body>
</html>
"""#
}
