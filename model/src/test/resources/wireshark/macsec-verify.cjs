// macsec-verify.cjs: checks the MACsec frames of a classic pcap file with Wireshark's own
// dissector, libwireshark 4.4 compiled to WebAssembly (npm package @goodtools/wiregasm).
//
// Usage: node macsec-verify.cjs --wiregasm DIR --key HEX [--detail FILTER] PCAP
//   --wiregasm DIR   the installed package, i.e. .../node_modules/@goodtools/wiregasm
//   --key HEX        the GCM-AES-128 SAK, 32 hex digits (Wireshark pref macsec.psk)
//   --detail FILTER  display filter choosing the frames to describe one by one (default: all)
//
// Output, one JSON object per line:
//   {"type":"summary", ...}  Wireshark version and totals counted with display filters
//   {"type":"frame", ...}    one per frame matching --detail, in file order
//   {"type":"end"}           the run completed
// Exit status 0 when the file was dissected (the caller judges the verdicts), 1 on any error.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const AUTH_STATUS = { 0: "BAD", 1: "GOOD", 2: "UNVERIFIED" };

// Totals, each the number of frames matching a display filter.
const COUNTS = {
  macsec: "macsec",
  good: "macsec.auth_status == 1",
  bad: "macsec.auth_status == 0",
  unverified: "macsec.auth_status == 2",
  decrypted: "macsec.decrypted_data",
  expertErrors: "_ws.expert.severity == \"Error\"",
};

function usage(message) {
  process.stderr.write(`${message}\nusage: node macsec-verify.cjs --wiregasm DIR --key HEX [--detail FILTER] PCAP\n`);
  process.exit(1);
}

function parseArgs(argv) {
  const args = { detail: "" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--wiregasm" || a === "--key" || a === "--detail") {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      args[a.slice(2)] = argv[++i];
    } else if (a.startsWith("--")) {
      usage(`unknown option ${a}`);
    } else if (args.pcap === undefined) {
      args.pcap = a;
    } else {
      usage(`unexpected argument ${a}`);
    }
  }
  if (!args.wiregasm || !args.key || !args.pcap) usage("missing argument");
  if (!/^[0-9a-fA-F]{32}$/.test(args.key)) usage("the key must be 32 hex digits (GCM-AES-128)");
  args.key = args.key.toLowerCase();
  return args;
}

// A tree node's filter reads "field == value" or just "field" (for protocols and labels).
function fieldOf(node) {
  const eq = node.filter.indexOf(" == ");
  return eq < 0 ? node.filter : node.filter.slice(0, eq);
}

function valueOf(node) {
  const eq = node.filter.indexOf(" == ");
  return eq < 0 ? null : node.filter.slice(eq + 4).replace(/^"|"$/g, "");
}

// Embind vectors live in the WebAssembly heap; free each one once read.
function forEach(vector, fn) {
  try {
    for (let i = 0; i < vector.size(); i++) fn(vector.get(i));
  } finally {
    vector.delete();
  }
}

// Visits nodes depth first: fn(node, depth) for each, and the children of those for which
// descend(node, depth) holds.
function walk(nodes, fn, descend, depth = 0) {
  forEach(nodes, (node) => {
    fn(node, depth);
    if (descend(node, depth)) {
      walk(node.tree, fn, descend, depth + 1);
    } else {
      node.tree.delete();
    }
  });
}

// The frame numbers matching a display filter, in file order.
function numbersOf(wg, filter) {
  const numbers = [];
  forEach(wg.frames(filter, 0, 0).frames, (meta) => {
    numbers.push(meta.number);
    meta.columns.delete();
  });
  return numbers;
}

// What Wireshark made of one frame. Only the frame and SecTAG trees are read, and the inner
// protocol trees when the frame has error-severity expert messages: reading every tree of every
// frame makes describing a clean capture about 1.5 times slower.
function describe(wg, number, hasErrors) {
  const frame = wg.frame(number);
  const sources = [];
  forEach(frame.data_sources, (s) => sources.push(Buffer.from(s.data, "base64")));
  frame.comments.delete();
  frame.follow.delete();
  const bytesOf = (node) =>
    sources[node.data_source_idx].subarray(node.start, node.start + node.length).toString("hex");

  const out = {
    type: "frame", number, protocols: null, pn: null, tciAn: null, sl: null,
    sci: null, icv: null, auth: "NONE", etype: null, secureData: null, decrypted: null,
    expertErrors: [],
  };
  let systemId = null;
  let portId = null;
  let afterSectag = false;
  walk(frame.tree, (node, depth) => {
    const field = fieldOf(node);
    const value = valueOf(node);
    if (depth === 0) {
      // The dissector adds the secure data as a "data" tree right after the SecTAG tree.
      if (field === "data" && afterSectag && out.secureData === null) out.secureData = bytesOf(node);
      afterSectag = field === "macsec";
    }
    switch (field) {
      case "frame.protocols": out.protocols = value; break;
      case "macsec.PN": if (out.pn === null) out.pn = Number(value); break;
      // the octet as sent: TCI bits and AN (the fields themselves are masked and shifted)
      case "macsec.TCI": if (out.tciAn === null) out.tciAn = parseInt(bytesOf(node), 16); break;
      case "macsec.SL": if (out.sl === null) out.sl = Number(value); break;
      case "macsec.SCI.system_identifier": if (systemId === null) systemId = bytesOf(node); break;
      case "macsec.SCI.port_identifier": if (portId === null) portId = bytesOf(node); break;
      case "macsec.ICV": if (out.icv === null) out.icv = bytesOf(node); break;
      case "macsec.auth_status":
        if (out.auth === "NONE") out.auth = AUTH_STATUS[value] || `status ${value}`;
        break;
      case "macsec.etype": if (out.etype === null) out.etype = Number(value); break;
      case "macsec.decrypted_data": if (out.decrypted === null) out.decrypted = bytesOf(node); break;
      default: break;
    }
    if (field === "_ws.expert" && /^Expert Info \(Error\//.test(node.label)) {
      out.expertErrors.push(node.label.replace(/^Expert Info \([^)]*\): /, ""));
    }
  }, (node, depth) => hasErrors || depth > 0 || ["frame", "macsec"].includes(fieldOf(node)));
  if (systemId !== null && portId !== null) out.sci = systemId + portId;
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dist = path.join(args.wiregasm, "dist");
  const { Wiregasm } = require(path.join(dist, "main.js"));
  const loader = require(path.join(dist, "wiregasm.js"));
  const messages = [];

  const wg = new Wiregasm();
  await wg.init(loader, {
    locateFile: (file) => path.join(dist, file),
    print: (m) => messages.push(m),
    printErr: (m) => messages.push(m),
    handleStatus: () => {},
  });
  try {
    wg.set_pref("macsec", "psk", args.key);
    // let Wireshark also check the checksums of what the frames carry
    for (const proto of ["ip", "udp", "tcp"]) wg.set_pref(proto, "check_checksum", "TRUE");
    wg.apply_prefs();
    const psk = wg.get_pref("macsec", "psk").string_value;
    if (psk.toLowerCase() !== args.key) {
      throw new Error(`macsec.psk reads back as "${psk}", not as the key given`);
    }
    if (args.detail !== "") {
      const check = wg.test_filter(args.detail);
      if (!check.ok) throw new Error(`bad --detail filter "${args.detail}": ${check.error}`);
    }

    const loaded = wg.load(path.basename(args.pcap), fs.readFileSync(args.pcap));
    if (loaded.code !== 0) throw new Error(`cannot load ${args.pcap}: ${loaded.error}`);

    const count = (filter) => {
      const r = wg.frames(filter, 0, 0);
      r.frames.delete();
      return r.matched;
    };
    const summary = {
      type: "summary",
      wireshark: wg.lib.wiresharkVersion(),
      fileType: loaded.summary.file_type,
      frames: count(""),
    };
    for (const [name, filter] of Object.entries(COUNTS)) summary[name] = count(filter);
    process.stdout.write(JSON.stringify(summary) + "\n");

    const withErrors = new Set(numbersOf(wg, COUNTS.expertErrors));
    for (const number of numbersOf(wg, args.detail)) {
      process.stdout.write(JSON.stringify(describe(wg, number, withErrors.has(number))) + "\n");
    }
    process.stdout.write(JSON.stringify({ type: "end" }) + "\n");
  } catch (e) {
    if (messages.length > 0) process.stderr.write(messages.join("\n") + "\n");
    throw e;
  } finally {
    wg.destroy();
  }
}

main().catch((e) => {
  process.stderr.write(`macsec-verify: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
