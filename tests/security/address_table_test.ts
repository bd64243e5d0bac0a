/**
 * The URL guard's address decision, on a table: every spelling is parsed into bytes, and each
 * row says why the address is refused (a fragment of the reason given) or that it is allowed.
 */
import assert from "node:assert/strict";
import {
  formatAddress,
  parseAddress,
  parseIPv4,
  refusalReason,
  refusedName,
} from "../../core/address.ts";

/** [spelling, expected reason fragment, or null when the address is public and allowed]. */
const TABLE: [string, string | null][] = [
  // IPv4 loopback in every spelling resolvers accept
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["2130706433", "loopback"], // decimal
  ["0177.0.0.1", "loopback"], // octal
  ["0x7f.0.0.1", "loopback"], // hex first part
  ["0x7f.1", "loopback"], // hex, short form
  ["0x7f000001", "loopback"], // one hex number
  ["127.1", "loopback"], // short form
  ["127.0.1", "loopback"],
  ["017700000001", "loopback"], // one octal number
  // private, CGNAT, link-local, benchmarking, documentation, reserved
  ["10.0.0.1", "private (10."],
  ["10.255.255.255", "private (10."],
  ["012.1.2.3", "private (10."], // octal 10
  ["172.16.0.1", "private (172.16"],
  ["172.31.255.255", "private (172.16"],
  ["192.168.1.1", "private (192.168"],
  ["3232235777", "private (192.168"], // decimal 192.168.1.1
  ["100.64.0.1", "carrier-grade NAT"],
  ["100.127.255.254", "carrier-grade NAT"],
  ["100.100.100.200", "carrier-grade NAT"], // Alibaba Cloud metadata
  ["169.254.169.254", "link-local"], // AWS, GCP, Azure metadata
  ["0xa9fea9fe", "link-local"], // the same in hex
  ["198.18.0.1", "benchmarking"],
  ["198.19.255.255", "benchmarking"],
  ["192.0.2.1", "documentation"],
  ["198.51.100.7", "documentation"],
  ["203.0.113.9", "documentation"],
  ["192.0.0.192", "IETF protocol"], // Oracle Cloud metadata
  ["192.88.99.1", "6to4 relay"],
  ["0.0.0.0", "unspecified"],
  ["0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "broadcast"],
  // public IPv4 neighbours of the ranges above
  ["8.8.8.8", null],
  ["1.1.1.1", null],
  ["93.184.216.34", null],
  ["100.63.255.255", null], // just below CGNAT
  ["100.128.0.0", null], // just above CGNAT
  ["172.15.255.255", null],
  ["172.32.0.0", null],
  ["198.17.255.255", null],
  ["198.20.0.0", null],
  ["169.253.255.255", null],
  ["11.0.0.1", null],
  ["223.255.255.254", null],
  // IPv6
  ["::1", "loopback"],
  ["[::1]", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["::", "unspecified"],
  ["::ffff:127.0.0.1", "IPv4-mapped form of 127.0.0.1, loopback"],
  ["::ffff:7f00:1", "IPv4-mapped form of 127.0.0.1, loopback"],
  ["[::ffff:7f00:1]", "IPv4-mapped"],
  ["::ffff:10.0.0.1", "IPv4-mapped form of 10.0.0.1, private"],
  ["::ffff:a9fe:a9fe", "link-local"],
  ["::ffff:0:7f00:1", "IPv4-translated form of 127.0.0.1"],
  ["::127.0.0.1", "IPv4-compatible form of 127.0.0.1"],
  ["::7f00:1", "IPv4-compatible"],
  ["::8.8.8.8", "reserved (outside global unicast"], // compatible form is deprecated
  ["64:ff9b::127.0.0.1", "NAT64 form of 127.0.0.1"],
  ["64:ff9b::a9fe:a9fe", "NAT64 form of 169.254.169.254"],
  ["64:ff9b:1::1", "local-use NAT64"],
  ["2002:7f00:1::", "6to4 form of 127.0.0.1"],
  ["2002:c0a8:101::1", "6to4 form of 192.168.1.1"],
  ["2002:a00:1::", "6to4 form of 10.0.0.1"],
  // Teredo: server 65.54.227.120, client 127.0.0.1 stored as its bitwise complement
  ["2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo client form of 127.0.0.1"],
  ["2001:0:a00:1:8000:63bf:f7ff:fffe", "Teredo"], // private server 10.0.0.1
  ["fc00::1", "unique-local"],
  ["fd00:ec2::254", "unique-local"], // AWS IPv6 metadata
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local"],
  ["febf::1", "link-local"],
  ["fec0::1", "site-local"],
  ["ff02::1", "multicast"],
  ["2001:db8::1", "documentation"],
  ["3fff::1", "documentation"],
  ["2001:2::1", "benchmarking"],
  ["100::1", "discard-only"],
  ["4000::1", "reserved (outside global unicast"],
  // public IPv6, including tunnelled forms whose embedded IPv4 is public
  ["2606:4700:4700::1111", null],
  ["2001:4860:4860::8888", null],
  ["64:ff9b::808:808", null], // NAT64 of 8.8.8.8
  ["2002:808:808::1", null], // 6to4 of 8.8.8.8
  ["2001:0:4136:e378:8000:63bf:f7f7:f7f7", null], // Teredo, client 8.8.8.8
  ["::ffff:8.8.8.8", null], // mapped public
];

Deno.test("address table: every spelling decided on its bytes, with the reason", () => {
  assert.ok(TABLE.length >= 60, `the table has ${TABLE.length} rows`);
  for (const [spelling, expected] of TABLE) {
    const bytes = parseAddress(spelling);
    assert.ok(bytes, `${spelling} parses`);
    const reason = refusalReason(bytes);
    if (expected === null) assert.equal(reason, null, `${spelling} is public: ${reason}`);
    else {
      assert.ok(reason, `${spelling} must be refused (${expected})`);
      assert.ok(reason.includes(expected), `${spelling}: "${reason}" should say "${expected}"`);
    }
  }
});

Deno.test("address table: the spellings of one address give the same bytes", () => {
  const canonical = formatAddress(parseIPv4("127.0.0.1")!);
  for (const s of ["2130706433", "0177.0.0.1", "0x7f.1", "127.1", "0x7F000001", "127.0.0.1."]) {
    assert.equal(formatAddress(parseIPv4(s)!), canonical, s);
  }
  assert.equal(formatAddress(parseAddress("::ffff:127.0.0.1")!), "::ffff:7f00:1");
  assert.equal(formatAddress(parseAddress("0:0:0:0:0:0:0:1")!), "::1");
});

Deno.test("address table: malformed literals are names, not addresses", () => {
  for (const s of ["256.0.0.1", "1.2.3.4.5", "0x1g", "08.0.0.1", "1..2", "example.com", ":::1"]) {
    assert.equal(parseAddress(s), null, s);
  }
  assert.equal(parseAddress("1:2:3:4:5:6:7:8:9"), null);
  assert.equal(parseAddress("::ffff:300.0.0.1"), null);
});

Deno.test("address table: local and metadata names are refused whatever DNS says", () => {
  for (
    const name of [
      "localhost",
      "LOCALHOST",
      "localhost.",
      "localhost..",
      "api.localhost",
      "a.b.localhost.",
      "metadata",
      "metadata.google.internal",
      "metadata.google.internal.",
      "metadata.goog",
      "instance-data",
      "instance-data.ec2.internal",
      "printer.local",
      "router.home.arpa",
      "db.corp.internal",
    ]
  ) {
    assert.ok(refusedName(name), `${name} must be refused`);
  }
  for (const name of ["sec.gov", "www.sec.gov", "localhost.example.com", "metadata.example"]) {
    assert.equal(refusedName(name), null, name);
  }
});
