// Shared by the timing benchmarks: medians, rounding, and the run's machine and commit.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** @param {number[]} values @returns {number} */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** @param {number} value @param {number} digits */
export function round(value, digits) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Date, machine and commit of this run, for the results file and the page. */
export async function runInfo() {
  const cpus = os.cpus();
  const git = (args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  const now = new Date();
  return {
    generatedAt: now.toISOString(),
    date: now.toISOString().slice(0, 10),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      loadAverage: os.loadavg().map((value) => round(value, 2)),
    },
    git: {
      commit: git(['rev-parse', '--short', 'HEAD']),
      dirty: git(['status', '--porcelain', '--', 'packages', 'apps']) !== '',
    },
  };
}
