// bench/ns3-tcp-p2p.cc: ns-3's counterpart of the benchmark's TCP scenario, for bench/ns3-side-by-side.sh.
// Two nodes on a point-to-point link (rate given, 20 us delay, 1500-octet MTU), one TCP CUBIC bulk flow from
// node 0 to node 1 with 256 KB send and receive buffers and 1448-octet segments, for the simulated seconds
// given. No MACsec, no CPUs: ns-3 models neither. Prints one line: the data packets node 0's device put on the
// wire, the ACKs it received, the simulated seconds, and the CPU seconds (user + system, getrusage) and wall
// seconds that Simulator::Run took.
//
//   ns3-tcp-p2p --rate=10Gbps --seconds=3
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <chrono>
#include <cstdio>
#include <sys/resource.h>

using namespace ns3;

namespace {

uint64_t dataPackets = 0;
uint64_t acksReceived = 0;

void OnTx(Ptr<const Packet>) { dataPackets++; }
void OnRx(Ptr<const Packet>) { acksReceived++; }

double CpuSeconds() {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

}  // namespace

int main(int argc, char* argv[]) {
  std::string rate = "10Gbps";
  double seconds = 3;
  uint32_t bufferBytes = 256 * 1024;
  CommandLine cmd(__FILE__);
  cmd.AddValue("rate", "link rate (ns-3 DataRate, e.g. 10Gbps)", rate);
  cmd.AddValue("seconds", "simulated seconds of the flow", seconds);
  cmd.AddValue("buffer", "TCP send and receive buffers, octets", bufferBytes);
  cmd.Parse(argc, argv);
  if (!(seconds > 0)) {
    std::fprintf(stderr, "ns3-tcp-p2p: --seconds must be positive\n");
    return 2;
  }

  Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpCubic"));
  Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(bufferBytes));
  Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(bufferBytes));
  Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));  // 1500 - IPv4 - TCP with timestamps

  NodeContainer nodes;
  nodes.Create(2);
  PointToPointHelper link;
  link.SetDeviceAttribute("DataRate", StringValue(rate));
  link.SetDeviceAttribute("Mtu", UintegerValue(1500));
  link.SetChannelAttribute("Delay", StringValue("20us"));
  NetDeviceContainer devices = link.Install(nodes);

  InternetStackHelper stack;
  stack.Install(nodes);
  Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
  Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

  uint16_t port = 5201;  // iperf3's
  BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(interfaces.GetAddress(1), port));
  source.SetAttribute("MaxBytes", UintegerValue(0));
  ApplicationContainer send = source.Install(nodes.Get(0));
  send.Start(Seconds(0));
  send.Stop(Seconds(seconds));
  PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
  ApplicationContainer receive = sink.Install(nodes.Get(1));
  receive.Start(Seconds(0));

  devices.Get(0)->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&OnTx));
  devices.Get(0)->TraceConnectWithoutContext("PhyRxEnd", MakeCallback(&OnRx));

  Simulator::Stop(Seconds(seconds));
  double cpu0 = CpuSeconds();
  auto wall0 = std::chrono::steady_clock::now();
  Simulator::Run();
  double cpu = CpuSeconds() - cpu0;
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  uint64_t received = DynamicCast<PacketSink>(receive.Get(0))->GetTotalRx();
  Simulator::Destroy();

  std::printf("rate=%s sim_seconds=%g data_packets=%llu acks=%llu goodput_bps=%.0f cpu_seconds=%.3f wall_seconds=%.3f\n",
              rate.c_str(), seconds, (unsigned long long)dataPackets, (unsigned long long)acksReceived,
              received * 8.0 / seconds, cpu, wall);
  return 0;
}
