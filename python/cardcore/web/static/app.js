// The web table: draws the views the server sends for your seat (docs/web.md).
"use strict";
const $ = (id) => document.getElementById(id);
const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
// ms between the opponents' moves: 400, or ?delay=MS in the page's address
const DELAY = Number(new URLSearchParams(location.search).get("delay") ?? 400);
let catalog = null, token = null, frames = [], frame = 0;

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  Object.assign(node, attrs || {});
  if (text !== undefined) node.textContent = text;
  return node;
}

async function api(method, path, body) {
  const response = await fetch(path, {
    method, headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error);
  return data;
}

function cardNode(card) {
  if (card.card === null) return el("span", { className: "card back" }, "??");
  const suit = card.card[1];
  const red = suit === "d" || suit === "h" ? " red" : "";
  return el("span", { className: "card" + red + (card.face === "up" ? " up" : "") },
            card.card[0] + SUITS[suit]);
}

const SKIP = new Set(["seat", "cards", "to_act", "arrangement"]);

function drawView(view) {
  const info = [`hand ${view.hand}`, view.phase];
  for (const key of ["pot", "target", "trump"]) if (key in view && view[key] !== null) info.push(`${key} ${view[key]}`);
  $("info").textContent = info.join(" \u00b7 ");
  const seats = $("seats");
  seats.replaceChildren();
  for (const seat of view.seats) {
    const node = el("div", { className: "seat" + (seat.to_act ? " to-act" : "") + (seat.seat === view.viewer ? " me" : "") });
    const facts = Object.entries(seat).filter(([key]) => !SKIP.has(key)).map(([k, v]) => `${k} ${v}`);
    node.append(el("strong", {}, seat.seat === view.viewer ? `You (seat ${seat.seat})` : `Seat ${seat.seat}`),
                el("span", {}, " " + facts.join(", ") + " "));
    seat.cards.forEach((card) => node.append(cardNode(card)));
    seats.append(node);
  }
  const trick = $("trick");
  trick.replaceChildren();
  if (view.upcard) trick.append("upcard ", cardNode(view.upcard), " ");
  if (view.trick && view.trick.length) {
    trick.append("trick: ");
    view.trick.forEach((play) => trick.append(`seat ${play.seat} `, cardNode(play.card)));
  }
  $("log").replaceChildren(...view.moves.map((m) => el("li", {}, `seat ${m.seat}: ${m.text}`)));
  const result = $("result");
  result.hidden = !view.terminal;
  if (view.terminal) {
    result.textContent = "Game over: " + view.returns.map((r, s) => `seat ${s} ${r > 0 ? "+" : ""}${r}`).join(", ");
    result.dataset.returns = JSON.stringify(view.returns);
  }
}

function drawMoves(view, live) {
  const moves = $("moves");
  moves.replaceChildren();
  if (!live) return;
  for (const move of view.legal) {
    const button = el("button", { type: "button" }, move.text);
    button.dataset.action = move.id;
    button.addEventListener("click", () => play(move.id));
    moves.append(button);
  }
}

function drawOdds(odds) {
  $("odds").hidden = !odds;
  if (!odds) return;
  const classes = Object.keys(odds.discards[0].classes);
  const rows = [el("tr", {}), ...odds.discards.map(() => el("tr", {}))];
  rows[0].append(el("th", {}, `discard (${odds.draws_left} draws left)`), el("th", {}, "mean strength"),
                 ...classes.map((name) => el("th", {}, name)));
  odds.discards.forEach((a, i) => rows[i + 1].append(
    el("td", {}, a.discard), el("td", {}, a.expected_strength.toFixed(1)),
    ...classes.map((name) => el("td", {}, (100 * a.classes[name]).toFixed(1) + "%"))));
  $("odds-table").replaceChildren(...rows);
}

async function animate(answer) {
  $("moves").replaceChildren();
  $("odds").hidden = true;
  for (let i = 0; i < answer.views.length; i++) {
    if (i) await new Promise((done) => setTimeout(done, DELAY));
    drawView(answer.views[i]);
  }
  const last = answer.views[answer.views.length - 1];
  drawMoves(last, true);
  drawOdds(answer.odds);
  $("after").hidden = !last.terminal;
  if (last.terminal) $("download").href = `/api/games/${token}/record`;
  document.body.dataset.ready = last.terminal ? "over" : "yours";
}

async function guarded(work) {
  $("error").textContent = "";
  document.body.dataset.ready = "busy";
  try { await work(); } catch (error) { $("error").textContent = error.message; document.body.dataset.ready = "error"; }
}

function play(action) {
  return guarded(async () => animate(await api("POST", `/api/games/${token}/move`, { action })));
}

function chosenGame() { return catalog.games.find((g) => g.name === $("game").value); }

function drawSetup() {
  const game = chosenGame();
  $("players-label").hidden = !game.players;
  if (game.players) Object.assign($("players"), { min: game.players.minimum, max: game.players.maximum, value: game.players.default });
  $("rules").replaceChildren(...game.rules.map((rule) => {
    const select = el("select", { name: rule.name, title: rule.doc });
    const choices = rule.kind === "bool" ? ["false", "true"] : rule.choices;
    choices.forEach((c) => select.append(el("option", { value: c, selected: String(rule.default) === c }, c)));
    const label = el("label", {}, rule.name + " ");
    label.append(select);
    return label;
  }));
  $("opponents").replaceChildren(...game.opponents.map((p) => el("option", { value: p, selected: p === game.opponent }, p)));
  drawSimulations();
}

function drawSimulations() {
  $("simulations-label").hidden = $("opponents").value !== "ismcts";
  const simulations = $("simulations");
  simulations.max = catalog.max_simulations;
  simulations.value = Math.min(Number(simulations.value), catalog.max_simulations);
}

async function start(event) {
  event.preventDefault();
  const game = chosenGame();
  const body = { game: game.name, opponents: $("opponents").value, rules: {} };
  if (game.players) body.players = Number($("players").value);
  if (body.opponents === "ismcts") body.simulations = Number($("simulations").value);
  for (const select of $("rules").querySelectorAll("select")) {
    const rule = game.rules.find((r) => r.name === select.name);
    body.rules[rule.name] = rule.kind === "bool" ? select.value === "true" : select.value;
  }
  await guarded(async () => {
    const answer = await api("POST", "/api/games", body);
    token = answer.token;
    $("table").hidden = false;
    $("after").hidden = true;
    $("back").hidden = $("forward").hidden = true;
    await animate(answer);
  });
}

function step(by) {
  frame = Math.max(0, Math.min(frames.length - 1, frame + by));
  drawView(frames[frame]);
  $("info").textContent += ` \u00b7 replay ${frame + 1}/${frames.length}`;
}

async function replay() {
  await guarded(async () => {
    frames = (await api("GET", `/api/games/${token}/replay`)).views;
    frame = 0;
    $("back").hidden = $("forward").hidden = false;
    drawMoves(frames[0], false);
    $("odds").hidden = true;
    step(0);
    document.body.dataset.ready = "over";
  });
}

async function main() {
  catalog = await api("GET", "/api/games");
  catalog.games.forEach((g) => $("game").append(el("option", { value: g.name }, g.display_name)));
  $("game").addEventListener("change", drawSetup);
  $("opponents").addEventListener("change", drawSimulations);
  $("setup").addEventListener("submit", start);
  $("replay").addEventListener("click", replay);
  $("back").addEventListener("click", () => step(-1));
  $("forward").addEventListener("click", () => step(1));
  drawSetup();
  document.body.dataset.ready = "setup";
}

main();
