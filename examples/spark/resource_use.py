"""Runs a command and reports what its process tree used: time, CPU, memory.

    python3 examples/spark/resource_use.py REPORT.json -- COMMAND ARGS...

Every 100 ms it reads every process below the command from /proc. The
report holds the wall time; the CPU time (user + system) of the whole
tree, each process's last reading (getrusage would miss the processes that
no parent waits for, as Spark's Python workers; a reading misses at most
the last 100 ms of a process); and its peak memory: the resident set size
(VmRSS) of every process summed by kind, `jvm` (java), `python` (the PySpark
driver and workers) and `measure`; the report holds each kind's peak sum,
the peak of the whole tree (with each kind's sum at that instant), and each kind's
largest single process by its own high-water mark (VmHWM, which no sample
can miss). In Spark's local mode the JVM is both the driver and the
one executor, so the tree's peak is what one executor with its Python
workers and measure processes needs, plus the driver's share. Exits with
the command's status.
"""

import json
import os
import subprocess
import sys
import time


def kind(pid):
    try:
        with open("/proc/%d/comm" % pid) as f:
            name = f.read().strip()
    except OSError:
        return None
    if name == "java":
        return "jvm"
    if name.startswith("python"):
        return "python"
    if name == "measure":
        return "measure"
    return "other"


def cpu_seconds(pid):
    """The process's user + system time so far, from /proc/PID/stat."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def status_kib(pid, field):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree(root):
    """The root and every process below it (from /proc/PID/task/TID/children)."""
    found, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid in found:
            continue
        found.add(pid)
        try:
            for tid in os.listdir("/proc/%d/task" % pid):
                with open("/proc/%d/task/%s/children" % (pid, tid)) as f:
                    todo.extend(int(child) for child in f.read().split())
        except OSError:
            pass
    return found


def main():
    report_path, separator, command = sys.argv[1], sys.argv[2], sys.argv[3:]
    if separator != "--" or not command:
        sys.exit("usage: resource_use.py REPORT.json -- COMMAND ARGS...")
    started = time.time()
    process = subprocess.Popen(command)
    peak_sum = {"jvm": 0, "python": 0, "measure": 0, "tree": 0}
    largest = {"jvm": 0, "python": 0, "measure": 0}
    counts = {"jvm": set(), "python": set(), "measure": set()}
    cpu = {}
    at_peak = {}
    while True:
        pid, status = os.waitpid(process.pid, os.WNOHANG)
        if pid:
            break
        sums = {"jvm": 0, "python": 0, "measure": 0, "other": 0}
        for child in tree(process.pid):
            k = kind(child)
            if k is None:
                continue
            sums[k] += status_kib(child, "VmRSS")
            cpu[child] = (k, max(cpu.get(child, (k, 0.0))[1], cpu_seconds(child)))
            if k in largest:
                largest[k] = max(largest[k], status_kib(child, "VmHWM"))
                counts[k].add(child)
        for k in ("jvm", "python", "measure"):
            peak_sum[k] = max(peak_sum[k], sums[k])
        if sum(sums.values()) > peak_sum["tree"]:
            peak_sum["tree"] = sum(sums.values())
            at_peak = dict(sums)
        time.sleep(0.1)
    mib = lambda kib: round(kib / 1024, 1)
    report = {"wall_seconds": round(time.time() - started, 3),
              "cpu_seconds": round(sum(seconds for _, seconds in cpu.values()), 3),
              "cpu_seconds_by_kind": {k: round(sum(seconds for kk, seconds in cpu.values() if kk == k), 3)
                                      for k in ("jvm", "python", "measure", "other")},
              "peak_sum_mib": {k: mib(v) for k, v in peak_sum.items()},
              "at_tree_peak_mib": {k: mib(v) for k, v in at_peak.items()},
              "largest_process_mib": {k: mib(v) for k, v in largest.items()},
              "processes": {k: len(v) for k, v in counts.items()}}
    with open(report_path, "w") as f:
        json.dump(report, f)
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
