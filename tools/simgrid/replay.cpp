// Replays a ccopt message program in SimGrid (S4U) and prints every task's finish time and the makespan.
//
//   replay PLATFORM.xml PROGRAM.txt [--cfg=network/model:CM02 --cfg=network/crosstraffic:0 ...]
//
// PROGRAM.txt (written by `ccopt msgsim --export-replay`): a first line with the task count, then one line per task
//   id kind from to bytes seconds ndeps dep...
// kind 0 is a message of `bytes` from host h<from> to host h<to>; kind 1 is a delay of `seconds` on no resource.
// A task starts once all its dependencies have finished, exactly as ccopt's MessageSimulator runs it: every message
// has a receiver actor posted at time 0 on its destination host and a sender actor on its source host that waits for
// the dependencies, then puts the message and marks it done when the transfer completes.
#include <simgrid/s4u.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
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
std::vector<char> finished;
std::vector<double> finish_time;
double makespan = 0;
sg4::MutexPtr mutex;
sg4::ConditionVariablePtr changed;

void wait_for(const Task& t)
{
  std::unique_lock lock(*mutex);
  for (int d : t.deps)
    while (!finished[d])
      changed->wait(lock);
}

void mark_done(int id)
{
  std::unique_lock lock(*mutex);
  finished[id]    = 1;
  finish_time[id] = sg4::Engine::get_clock();
  makespan = std::max(makespan, sg4::Engine::get_clock());
  changed->notify_all();
}

void sender(int id)
{
  const Task& t = tasks[id];
  wait_for(t);
  if (t.kind == 1) {
    sg4::this_actor::sleep_for(t.seconds);
  } else {
    static int payload = 0;
    sg4::Mailbox::by_name("m" + std::to_string(id))->put(&payload, static_cast<uint64_t>(std::llround(t.bytes)));
  }
  mark_done(id);
}

void receiver(int id)
{
  sg4::Mailbox::by_name("m" + std::to_string(id))->get<int>();
}
} // namespace

int main(int argc, char** argv)
{
  sg4::Engine e(&argc, argv);
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s PLATFORM.xml PROGRAM.txt [--cfg=...]\n", argv[0]);
    return 2;
  }
  e.load_platform(argv[1]);
  std::ifstream in(argv[2]);
  size_t n = 0;
  in >> n;
  tasks.resize(n);
  finished.assign(n, 0);
  finish_time.assign(n, 0);
  for (size_t i = 0; i < n; i++) {
    size_t id;
    size_t ndeps;
    Task t;
    in >> id >> t.kind >> t.from >> t.to >> t.bytes >> t.seconds >> ndeps;
    t.deps.resize(ndeps);
    for (size_t k = 0; k < ndeps; k++)
      in >> t.deps[k];
    tasks[id] = t;
  }
  mutex   = sg4::Mutex::create();
  changed = sg4::ConditionVariable::create();
  sg4::Host* any = e.get_all_hosts().front();
  for (size_t i = 0; i < n; i++) {
    const Task& t = tasks[i];
    if (t.kind == 0) {
      sg4::Actor::create("recv" + std::to_string(i), e.host_by_name("h" + std::to_string(t.to)), receiver, (int)i);
      sg4::Actor::create("send" + std::to_string(i), e.host_by_name("h" + std::to_string(t.from)), sender, (int)i);
    } else {
      sg4::Actor::create("delay" + std::to_string(i), any, sender, (int)i);
    }
  }
  e.run();
  for (size_t i = 0; i < n; i++)
    std::printf("task %zu %.12e\n", i, finish_time[i]);
  std::printf("makespan %.12e\n", makespan);
  return 0;
}
