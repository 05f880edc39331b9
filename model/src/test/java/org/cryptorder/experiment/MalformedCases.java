package org.cryptorder.experiment;

import java.util.List;

/**
 * Malformed experiment files, one mistake each, with where the message must point and what it
 * must say. Shared by the model's and the command line's tests.
 *
 * @param kind     what is wrong
 * @param json     the file
 * @param expected the start of the message: {@code bad.json:line:column: path: }
 * @param says     a phrase the message must contain
 */
public record MalformedCases(String kind, String json, String expected, String says) {

    private static final String OK_TRAFFIC = "\"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}]";

    private static MalformedCases of(String kind, String json, String expected, String says) {
        return new MalformedCases(kind, json, expected, says);
    }

    /** A valid file with {@code extra} members after name and traffic, laid out on three lines. */
    private static String with(String extra) {
        return "{\"name\": \"t\",\n " + OK_TRAFFIC + ",\n " + extra + "}";
    }

    @Override
    public String toString() {
        return kind;
    }

    public static List<MalformedCases> all() {
        return List.of(
            of("misspelt top-level key", with("\"hostz\": {}"), "bad.json:3:2: hostz: ", "did you mean \"hosts\"?"),
            of("misspelt nested key", with("\"hosts\": {\"rxQueue\": 2}"), "bad.json:3:12: hosts.rxQueue: ",
                    "did you mean \"rxQueues\"?"),
            of("a string for a number", with("\"hosts\": {\"cpus\": \"8\"}"), "bad.json:3:20: hosts.cpus: ",
                    "expected an integer from 1 to 1024, found \"8\" (a string)"),
            of("8.0 for an integer", with("\"hosts\": {\"cpus\": 8.0}"), "bad.json:3:20: hosts.cpus: ",
                    "expected an integer from 1 to 1024, found 8.0 (integers are written without a decimal point"),
            of("an exponent for an integer", with("\"run\": {\"seed\": 1e3}"), "bad.json:3:18: run.seed: ",
                    "found 1000.0 (integers are written without a decimal point or exponent)"),
            of("a swept integer with a decimal point", with("\"sweep\": {\"hosts.cpus\": [2, 4.0]}"),
                    "bad.json:3:30: sweep.hosts.cpus.1: ", "expected an integer from 1 to 1024, found 4.0"),
            of("a fraction for an integer", with("\"link\": {\"mtu\": 1500.5}"), "bad.json:3:18: link.mtu: ",
                    "expected an integer from 68 to 65535, found 1500.5"),
            of("something after the object", with("\"run\": {}") + " {}", "bad.json:3:13: (top level): ",
                    "expected the end of the file"),
            of("no JSON at all", "", "bad.json:1:1: (top level): ", "found an empty file"),
            of("a missing comma", "{\"name\": \"t\"\n \"traffic\": []}", "bad.json:2:2: ",
                    "not valid JSON: expected ',' or '}', found '\"'"),
            of("a key given twice", "{\"name\": \"t\", \"name\": \"u\", " + OK_TRAFFIC + "}", "bad.json:1:21: ",
                    "not valid JSON: expected each key once in an object, found \"name\" again"),
            of("a file cut short inside an object", "{\"name\": \"t\",\n \"run\": {\"seed\": 1", "bad.json:2:19: ",
                    "not valid JSON: the file ends before the object that opens at line 2, column 9 is closed"
                            + " (a '}' is missing)"),
            of("a file cut short inside a list", "{\"name\": \"t\",\n \"sweep\": {\"hosts.cpus\": [1, 2",
                    "bad.json:2:31: ", "not valid JSON: the file ends before the list that opens at line 2, column 26"
                            + " is closed (a ']' is missing)"),
            of("a file cut short inside a string", "{\"name\": \"t", "bad.json:1:12: ",
                    "not valid JSON: the file ends inside a string (its closing '\"' is missing)"),
            of("a list closed by a brace", "{\"name\": \"t\",\n \"sweep\": {\"hosts.cpus\": [1, 2}}", "bad.json:2:31: ",
                    "not valid JSON: expected ']' to close the list that opens at line 2, column 26, found '}'"),
            of("a bare word", "{\"name\": \"t\", \"run\": {\"seed\": tru}}", "bad.json:1:", "not valid JSON: expected a value"
                    + " (a string, number, list, object, true, false or null), found 'tru'"),
            of("a comment", "{\"name\": \"t\",\n // a comment\n " + OK_TRAFFIC + "}", "bad.json:2:2: ",
                    "not valid JSON: found a comment (JSON has no comments)"),
            of("a line break in a string", "{\"name\": \"t\n\", " + OK_TRAFFIC + "}", "bad.json:",
                    "not valid JSON: found a line break inside a string (write it as \\n)"),
            of("no name", "{" + OK_TRAFFIC + "}", "bad.json:1:1: name: ", "(required), found nothing"),
            of("no traffic", "{\"name\": \"t\"}", "bad.json:1:1: traffic: ", "expected a non-empty list (required)"),
            of("a UDP entry without a rate", "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\"}]}",
                    "bad.json:1:27: traffic.0.rateMbps: ", "(required), found nothing"),
            of("an unknown traffic kind", "{\"name\": \"t\", \"traffic\": [{\"kind\": \"tcq\"}]}",
                    "bad.json:1:36: traffic.0.kind: ", "did you mean \"tcp\"?"),
            of("a misspelt policy", with("\"crypto\": {\"policy\": \"asynch\"}"), "bad.json:3:23: crypto.policy: ",
                    "did you mean \"async\"?"),
            of("a cipher suite in lower case", with("\"macsec\": {\"cipherSuite\": \"gcm-aes-256\"}"),
                    "bad.json:3:28: macsec.cipherSuite: ", "did you mean \"GCM-AES-256\"?"),
            of("a misspelt kernel era", with("\"crypto\": {\"kernel\": \"rhel7\"}"), "bad.json:3:23: crypto.kernel: ",
                    "did you mean \"3.10-rhel7\"?"),
            of("a kernel without MACsec", with("\"crypto\": {\"kernel\": \"4.2\"}"), "bad.json:3:23: crypto.kernel: ",
                    "MACsec appeared in Linux 4.6"),
            of("a misspelt section distribution", with("\"contention\": {\"sectionDistribution\": \"expo\"}"),
                    "bad.json:3:40: contention.sectionDistribution: ", "did you mean \"exponential\"?"),
            of("a misspelt steering", with("\"hosts\": {\"rxSteering\": \"per_frame\"}"),
                    "bad.json:3:26: hosts.rxSteering: ", "did you mean \"per-frame\"?"),
            of("a misspelt validate mode", with("\"macsec\": {\"validate\": \"Strict\"}"),
                    "bad.json:3:25: macsec.validate: ", "did you mean \"strict\"?"),
            of("a negative rate", "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": -5}]}",
                    "bad.json:1:55: traffic.0.rateMbps: ", "expected a number greater than 0"),
            of("a busy fraction above 1", with("\"contention\": {\"kernelFpuBusy\": 1.5}"),
                    "bad.json:3:34: contention.kernelFpuBusy: ", "expected a number from 0 to 1, found 1.5"),
            of("an MTU too small for the headers", with("\"link\": {\"mtu\": 70}"), "bad.json:3:18: link.mtu: ",
                    "expected at least 76 octets for IPv4 (20) + UDP (8) + MACsec (32)"),
            of("a datagram too big for the MTU", "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100,"
                    + " \"packetBytes\": 1472}]}", "bad.json:1:75: traffic.0.packetBytes: ", "expected at most 1440 octets"),
            of("zero replications", with("\"run\": {\"replications\": 0}"), "bad.json:3:26: run.replications: ",
                    "expected an integer from 1 to 10000, found 0"),
            of("a duration of zero", with("\"run\": {\"durationS\": 0}"), "bad.json:3:23: run.durationS: ",
                    "expected a number greater than 0"),
            of("a warm-up as long as the run", with("\"run\": {\"durationS\": 1, \"warmupS\": 1}"),
                    "bad.json:3:37: run.warmupS: ", "expected a warm-up shorter than run.durationS (1 s), found 1 s"),
            of("a billion CPUs", with("\"hosts\": {\"cpus\": 1000000000}"), "bad.json:3:20: hosts.cpus: ",
                    "expected an integer from 1 to 1024, found 1000000000"),
            of("a wake-up distribution without its mean", with("\"hosts\": {\"appWakeupDistribution\": \"exponential\"}"),
                    "bad.json:3:", "expected hosts.appWakeupMeanUs beside it"),
            of("a pareto shape for an exponential wake-up", with("\"hosts\": {\"appWakeupMeanUs\": 30,"
                    + " \"appWakeupDistribution\": \"exponential\", \"appWakeupParetoShape\": 1.5}"),
                    "bad.json:3:", "found the distribution exponential"),
            of("an application CPU the host lacks", with("\"hosts\": {\"cpus\": 4, \"appCpu\": 4}"),
                    "bad.json:3:33: hosts.appCpu: ", "expected a CPU of the host, 0 to 3, found 4"),
            of("a user load sparing no named CPU", with("\"contention\": {\"userFpuLoad\": true,"
                    + " \"userFpuLoadSparesAppCpu\": true}"), "bad.json:3:", "expected hosts.appCpu to name the CPU"
                    + " to spare, found no hosts.appCpu"),
            of("a WiFi station with TCP", "{\"name\": \"t\", \"hosts\": {\"profile\": \"amd-apu2\"},\n \"wifi\": {},"
                    + " \"traffic\": [{\"kind\": \"tcp\"}]}", "bad.json:2:10: wifi: ",
                    "expected one UDP traffic entry (the download the station receives), found 1 entry with TCP"),
            of("a WiFi station on a profile without its parameters", with("\"wifi\": {\"ccm\": \"per-request\"}"),
                    "bad.json:1:1: hosts.profile: ", "expected a profile with the WiFi station parameters"),
            of("a profile that does not exist", with("\"hosts\": {\"profile\": \"xeon-skylake\"}"),
                    "bad.json:3:23: hosts.profile: ", "did you mean \"xeon-skylake-sp\"?"),
            of("pacing before Linux 5.6", "{\"name\": \"t\",\n \"traffic\": [{\"kind\": \"tcp\", \"pacing\": \"internal\"}],"
                    + "\n \"crypto\": {\"kernel\": \"5.4\"}}", "bad.json:2:40: traffic.0.pacing: ",
                    "expected crypto.kernel 5.6 or later beside pacing internal"),
            of("a receiving application before Linux 4.20", "{\"name\": \"t\",\n \"traffic\": [{\"kind\": \"tcp\", \"readBytes\": 131072}],"
                    + "\n \"crypto\": {\"kernel\": \"4.19\"}}", "bad.json:2:43: traffic.0.readBytes: ",
                    "expected crypto.kernel 4.20 or later beside readBytes"),
            of("an XPN replay window too large", with("\"macsec\": {\"cipherSuite\": \"GCM-AES-XPN-128\","
                    + " \"replayWindow\": 2000000000}"), "bad.json:3:63: macsec.replayWindow: ", "with an XPN cipher suite"),
            of("null for a number", with("\"link\": {\"delayUs\": null}"), "bad.json:3:22: link.delayUs: ",
                    "found null"),
            of("an unknown precision metric", with("\"run\": {\"targetHalfWidth\": {\"goodput\": 1e8}}"),
                    "bad.json:3:30: run.targetHalfWidth.goodput: ", "did you mean \"goodput_bps\"?"),
            of("a sweep path that does not exist", with("\"sweep\": {\"hosts.cpuz\": [1, 2]}"),
                    "bad.json:3:12: sweep.hosts.cpuz: ", "did you mean \"cpus\"?"),
            of("a sweep index beyond the list", with("\"sweep\": {\"traffic.3.rateMbps\": [1, 2]}"),
                    "bad.json:3:12: sweep.traffic.3.rateMbps: ", "traffic has 1 entry (0 to 0), found index 3"),
            of("an empty sweep list", with("\"sweep\": {\"crypto.policy\": []}"), "bad.json:3:29: sweep.crypto.policy: ",
                    "expected a non-empty list, found an empty list"),
            of("a sweep value of the wrong type", with("\"sweep\": {\"contention.kernelFpuBusy\": [0.1, \"high\"]}"),
                    "bad.json:3:46: sweep.contention.kernelFpuBusy.1: ", "expected a number from 0 to 1, found \"high\""),
            of("a sweep value out of range", with("\"sweep\": {\"contention.kernelFpuBusy\": [0.1, 2]}"),
                    "bad.json:3:46: sweep.contention.kernelFpuBusy.1: ", "expected a number from 0 to 1, found 2"),
            of("a misspelt swept policy", with("\"sweep\": {\"crypto.policy\": [\"async\", \"sync-fallbak\"]}"),
                    "bad.json:3:39: sweep.crypto.policy.1: ", "did you mean \"sync-fallback\"?"),
            of("a repeated sweep value", with("\"sweep\": {\"contention.kernelFpuBusy\": [0.1, 0.10]}"),
                    "bad.json:3:46: sweep.contention.kernelFpuBusy.1: ", "found 0.1 again"),
            of("a swept name", with("\"sweep\": {\"name\": [\"a\", \"b\"]}"), "bad.json:3:12: sweep.name: ",
                    "cannot be swept"),
            of("a swept warm-up as long as the run", with("\"run\": {\"durationS\": 1}, \"sweep\": {\"run.warmupS\": [0.1, 1]}"),
                    "bad.json:3:58: sweep.run.warmupS.1: ", "expected a warm-up shorter than run.durationS (1 s)"),
            of("a combination of swept values", with("\"run\": {\"durationS\": 2}, \"sweep\": {\"run.durationS\": [1, 2], \"run.warmupS\": [0.5, 1.5]}"),
                    "bad.json:3:27: sweep: ", "at run.durationS=1 run.warmupS=1.5: run.warmupS: expected a warm-up shorter"));
    }
}
