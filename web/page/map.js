// The fray tracker's map: the board of the view the server sends (GET
// /fights/{id}'s "board": never anything the viewer may not know), drawn
// as SVG. Nothing here knows a ruleset: the grid, the unit, the reach and
// the move command come with the board.
"use strict";

(function () {
  const NS = "http://www.w3.org/2000/svg";

  // svg makes an SVG element with attributes and children.
  function svg(tag, attrs, ...kids) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : String(v));
    }
    for (const k of kids.flat()) {
      if (k === undefined || k === null) continue;
      e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    }
    return e;
  }

  const palette = ["#1f5fa8", "#a8321f", "#2a7a2a", "#8a5a00", "#6a2a8a", "#00707a"];
  // named are the palette's colours by the names a side may bear: a side
  // called red is drawn red, whatever its place in the roster.
  const named = { blue: palette[0], red: palette[1], green: palette[2], gold: palette[3], yellow: palette[3], purple: palette[4], teal: palette[5] };

  // sideColours gives each side its colour: its own name's, else the
  // palette's first not taken by a named side, in roster order.
  function sideColours(sides) {
    const taken = new Set(sides.map((s) => named[s.toLowerCase()]).filter(Boolean));
    const free = palette.filter((c) => !taken.has(c));
    let next = 0;
    return new Map(sides.map((s) => [s, named[s.toLowerCase()] || free[next++ % free.length] || palette[0]]));
  }

  // initials are a piece's letters: the first of each word of its name.
  function initials(p) {
    const words = (p.name || p.id).split(/[\s_-]+/).filter(Boolean);
    const s = words.length > 1 ? words[0][0] + words[1][0] : (words[0] || "?").slice(0, 2);
    return s.toUpperCase();
  }

  // spread places the pieces that share a point around it, so that each
  // can be seen and clicked.
  function spread(pieces, d) {
    const at = new Map();
    for (const p of pieces) {
      const k = p.x + "," + p.y;
      if (!at.has(k)) at.set(k, []);
      at.get(k).push(p);
    }
    const out = new Map();
    for (const group of at.values()) {
      group.forEach((p, i) => {
        if (group.length === 1) { out.set(p.id, [0, 0]); return; }
        const a = (2 * Math.PI * i) / group.length;
        out.set(p.id, [d * Math.cos(a), d * Math.sin(a)]);
      });
    }
    return out;
  }

  // snap puts a clicked point on the grid: a whole cell on squares, else
  // to the half unit (a metre), or the whole unit (a foot).
  function snap(v, grid) {
    if (grid.kind === "squares" || grid.unit === "foot") return Math.round(v);
    return Math.round(v * 2) / 2;
  }

  // draw shows view's board in #map, or hides the map when the view has
  // none. h.targets() names the combatants the options shown aim at;
  // h.target(id) is called when one is clicked, h.cell(x, y) when a point
  // is; h.chosen() is the point chosen last, if any.
  function draw(view, h) {
    const panel = document.getElementById("map-panel");
    const box = document.getElementById("map");
    const b = view.board;
    if (!b || !b.pieces || !b.pieces.length) { panel.hidden = true; box.replaceChildren(); return; }
    panel.hidden = false;
    const squares = b.grid.kind === "squares";
    const turn = b.pieces.find((p) => p.id === b.turn);
    const reach = b.reach || [];
    const far = (k) => Math.max(0, ...reach.filter((r) => r.kind === k).map((r) => r.distance));
    const most = far("reach");
    // The area shown: every piece, with room around the one deciding for
    // its reach, and at least a few units each way. A range reaching past
    // it is drawn cut at the edge: widening the field to hold it would
    // shrink a skirmish at arm's length to a dot.
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const p of b.pieces) {
      x0 = Math.min(x0, p.x); x1 = Math.max(x1, p.x); y0 = Math.min(y0, p.y); y1 = Math.max(y1, p.y);
    }
    if (turn) {
      x0 = Math.min(x0, turn.x - most); x1 = Math.max(x1, turn.x + most);
      y0 = Math.min(y0, turn.y - most); y1 = Math.max(y1, turn.y + most);
    }
    const pad = 2;
    x0 = Math.floor(x0 - pad); x1 = Math.ceil(x1 + pad); y0 = Math.floor(y0 - pad); y1 = Math.ceil(y1 + pad);
    while (x1 - x0 < 8) { x0--; x1++; }
    while (y1 - y0 < 6) { y0--; y1++; }
    const w = x1 - x0, hgt = y1 - y0;
    // Step of the grid's lines: every unit, or every 5 or 10 on a large
    // open plane.
    const step = squares || Math.max(w, hgt) <= 30 ? 1 : Math.max(w, hgt) <= 80 ? 5 : 10;
    // North is up: the SVG's y is the board's -y.
    const X = (x) => x - x0 + (squares ? 0.5 : 0);
    const Y = (y) => y1 - y + (squares ? 0.5 : 0);
    const W = w + (squares ? 1 : 0), H = hgt + (squares ? 1 : 0);
    const sides = [...new Set(b.pieces.map((p) => p.side || ""))];
    const colours = sideColours(sides);
    const colour = (p) => colours.get(p.side || "");
    const targets = new Set(h.targets());
    const kids = [];
    kids.push(svg("rect", { class: "ground", x: 0, y: 0, width: W, height: H }));
    const lines = [];
    if (squares) {
      for (let i = 0; i <= W; i++) lines.push(svg("line", { x1: i, y1: 0, x2: i, y2: H }));
      for (let j = 0; j <= H; j++) lines.push(svg("line", { x1: 0, y1: j, x2: W, y2: j }));
    } else {
      for (let x = Math.ceil(x0 / step) * step; x <= x1; x += step) lines.push(svg("line", { x1: X(x), y1: 0, x2: X(x), y2: H }));
      for (let y = Math.ceil(y0 / step) * step; y <= y1; y += step) lines.push(svg("line", { x1: 0, y1: Y(y), x2: W, y2: Y(y) }));
    }
    kids.push(svg("g", { class: "grid" }, lines));
    // The reach and range of the one deciding: a square of cells where a
    // diagonal step counts one, else a circle.
    if (turn) {
      for (const kind of ["range", "reach"]) {
        const d = kind === "range" ? far("range") : far("reach");
        if (!d) continue;
        const shape = squares && b.grid.diagonal === 1
          ? svg("rect", { x: X(turn.x) - d - 0.5, y: Y(turn.y) - d - 0.5, width: 2 * d + 1, height: 2 * d + 1 })
          : svg("circle", { cx: X(turn.x), cy: Y(turn.y), r: d });
        shape.setAttribute("class", "area " + kind);
        shape.setAttribute("data-kind", kind);
        shape.setAttribute("data-distance", String(d));
        shape.append(svg("title", {}, kind + " " + d + " " + unitWords(b.grid.unit, d) + " (" +
          reach.filter((r) => r.kind === kind).map((r) => r.weapon + " " + r.distance).join(", ") + ")"));
        kids.push(shape);
      }
    }
    const c = h.chosen();
    if (c) {
      kids.push(svg("rect", { class: "chosen", x: X(c.x) - 0.5, y: Y(c.y) - 0.5, width: 1, height: 1 }));
    }
    // A piece fills most of a square; on an open plane it keeps its size
    // on the screen, however wide the field.
    const size = squares ? 0.38 : Math.max(0.38, Math.max(W, H) / 36);
    const off = spread(b.pieces, squares ? 0.32 : size * 1.15);
    for (const p of b.pieces) {
      const [dx, dy] = off.get(p.id);
      const cx = X(p.x) + dx, cy = Y(p.y) - dy;
      const r = dx || dy ? (squares ? 0.22 : size * 0.8) : size;
      const cls = ["piece", p.band ? "band-" + p.band.replace(/\s+/g, "-") : "", p.id === b.turn ? "turn" : "",
        targets.has(p.id) ? "target" : "", p.absent ? "absent" : ""].filter(Boolean).join(" ");
      kids.push(svg("g", {
        class: cls, "data-id": p.id, "data-x": p.x, "data-y": p.y, "data-band": p.band || null,
        role: targets.has(p.id) ? "button" : null, tabindex: targets.has(p.id) ? 0 : null,
        onclick: (ev) => { ev.stopPropagation(); h.target(p.id); },
        onkeydown: (ev) => { if (ev.key === "Enter") h.target(p.id); },
      },
      svg("title", {}, (p.name || p.id) + (p.band ? " (" + p.band + ")" : "") + " at " + p.x + "," + p.y +
        (targets.has(p.id) ? ": click to choose" : "")),
      svg("circle", { cx, cy, r, fill: colour(p) }),
      svg("text", { x: cx, y: cy, "font-size": r * 0.9, "text-anchor": "middle", "dominant-baseline": "central" }, initials(p))));
    }
    const map = svg("svg", {
      viewBox: "0 0 " + W + " " + H, role: "img",
      "aria-label": "map: " + b.pieces.map((p) => (p.name || p.id) + " at " + p.x + "," + p.y).join("; "),
      "data-x0": x0, "data-y1": y1, "data-squares": squares ? "true" : "false",
      onclick: (ev) => {
        const pt = map.createSVGPoint();
        pt.x = ev.clientX; pt.y = ev.clientY;
        const m = pt.matrixTransform(map.getScreenCTM().inverse());
        const x = snap(m.x - (squares ? 0.5 : 0) + x0, b.grid), y = snap(y1 - (m.y - (squares ? 0.5 : 0)), b.grid);
        h.cell(x, y);
      },
    }, kids);
    box.replaceChildren(map);
    document.getElementById("map-scale").textContent = squares
      ? (b.grid.unit === "square" ? "squares" : "one square: one " + b.grid.unit) + (b.grid.diagonal === 1 ? "; a diagonal step counts as one" : "")
      : "lines every " + step + " " + unitWords(b.grid.unit, step);
    const legend = sides.map((s) => svgLegend(s, colours.get(s)));
    document.getElementById("map-legend").replaceChildren(...legend);
  }

  function svgLegend(side, colour) {
    const li = document.createElement("li");
    const dot = document.createElement("span");
    dot.className = "dot";
    dot.style.background = colour;
    li.append(dot, side || "—");
    return li;
  }

  function unitWords(unit, n) {
    if (n === 1) return unit;
    return unit === "foot" ? "feet" : unit + "s";
  }

  window.frayMap = { draw, snap };
})();
