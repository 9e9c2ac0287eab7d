// Replays a ccopt message program in SimGrid (S4U) and prints every task's finish time, the makespan and the CPU
// seconds spent loading the platform and simulating.
//
//   replay PLATFORM.xml PROGRAM.txt [--cfg=network/model:CM02 --cfg=network/crosstraffic:0 ...]
//
// PROGRAM.txt (written by `ccopt msgsim --export-replay`): a first line with the task count, then one line per task
//   id kind from to bytes seconds ndeps dep...
// kind 0 is a message of `bytes` from host h<from> to host h<to>; kind 1 is a delay of `seconds` on no resource.
// A task starts once all its dependencies have finished, exactly as ccopt's MessageSimulator runs it: when the last
// dependency of a task finishes, an actor is created for it (on the source host for a message) that sends the
// message host to host (Comm::sendto) or sleeps for the delay, and then releases the tasks that wait for it. No actor
// exists before its task can start and none waits on a shared condition, so the replay costs SimGrid what the
// program costs, not the number of tasks times the number of completions.
#include <simgrid/s4u.hpp>

#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace {
struct Task {
  int kind;
  int from;
  int to;
  double bytes;
  double seconds;
  std::vector<int> deps;
};

std::vector<Task> tasks;
std::vector<int> pending;
std::vector<std::vector<int>> dependents;
std::vector<double> finish_time;
std::vector<sg4::Host*> hosts;
sg4::Host* any_host = nullptr;
double makespan = 0;

void start(int id);

void run_task(int id)
{
  const Task& t = tasks[id];
  if (t.kind == 1)
    sg4::this_actor::sleep_for(t.seconds);
  else
    sg4::Comm::sendto(hosts[t.from], hosts[t.to], static_cast<uint64_t>(std::llround(t.bytes)));
  double now      = sg4::Engine::get_clock();
  finish_time[id] = now;
  makespan        = std::max(makespan, now);
  for (int d : dependents[id])
    if (--pending[d] == 0)
      start(d);
}

void start(int id)
{
  const Task& t = tasks[id];
  sg4::Actor::create("t" + std::to_string(id), t.kind == 0 ? hosts[t.from] : any_host, run_task, id);
}
} // namespace

int main(int argc, char** argv)
{
  sg4::Engine e(&argc, argv);
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s PLATFORM.xml PROGRAM.txt [--cfg=...]\n", argv[0]);
    return 2;
  }
  std::clock_t c0 = std::clock();
  e.load_platform(argv[1]);
  std::clock_t c1 = std::clock();
  std::ifstream in(argv[2]);
  size_t n = 0;
  in >> n;
  tasks.resize(n);
  pending.assign(n, 0);
  dependents.assign(n, {});
  finish_time.assign(n, 0);
  int max_host = -1;
  for (size_t i = 0; i < n; i++) {
    size_t id;
    size_t ndeps;
    Task t;
    in >> id >> t.kind >> t.from >> t.to >> t.bytes >> t.seconds >> ndeps;
    t.deps.resize(ndeps);
    for (size_t k = 0; k < ndeps; k++)
      in >> t.deps[k];
    if (!in || id >= n) {
      std::fprintf(stderr, "%s: task line %zu cannot be read\n", argv[2], i + 1);
      return 2;
    }
    if (t.kind == 0)
      max_host = std::max(max_host, std::max(t.from, t.to));
    tasks[id] = t;
  }
  for (size_t i = 0; i < n; i++) {
    pending[i] = static_cast<int>(tasks[i].deps.size());
    for (int d : tasks[i].deps)
      dependents[d].push_back(static_cast<int>(i));
  }
  for (int h = 0; h <= max_host; h++)
    hosts.push_back(e.host_by_name("h" + std::to_string(h)));
  any_host = e.get_all_hosts().front();
  for (size_t i = 0; i < n; i++)
    if (pending[i] == 0)
      start(static_cast<int>(i));
  std::clock_t c2 = std::clock();
  e.run();
  std::clock_t c3 = std::clock();
  for (size_t i = 0; i < n; i++)
    std::printf("task %zu %.12e\n", i, finish_time[i]);
  std::printf("makespan %.12e\n", makespan);
  std::printf("platform_cpu_seconds %.6f\n", double(c1 - c0) / CLOCKS_PER_SEC);
  std::printf("simulation_cpu_seconds %.6f\n", double(c3 - c2) / CLOCKS_PER_SEC);
  return 0;
}
