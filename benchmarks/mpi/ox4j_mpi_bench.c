/*
 * ox4j_mpi_bench: the Open MPI reference for ox4j's messaging benchmark (bin/ox-bench).
 *
 * Measures, at the same sizes as ox4j's benchmark, point-to-point ping-pong and MPI_Bcast,
 * MPI_Reduce, MPI_Allreduce, MPI_Allgather, MPI_Alltoall and MPI_Scan, and prints CSV lines
 *     collective,algorithm,p,bytes,median_s
 * on rank 0's stdout (header first). Size conventions follow ../../shared design messaging.md:
 *   pingpong   bytes = message size; median_s = half the round trip (one-way time), ranks 0 and 1,
 *              MPI_Send/MPI_Recv (algorithm column "blocking"); one sample is pp_rounds(bytes)
 *              round trips back to back (as osu_latency times a loop), divided by 2 * rounds
 *   bcast      bytes = message size (MPI_BYTE)
 *   reduce, allreduce, scan   bytes = vector size, as bytes/8 MPI_LONG elements summed (MPI_SUM)
 *   allgather  bytes = total gathered size (each rank contributes bytes/p)
 *   alltoall   bytes = total each rank sends (bytes/p to every rank)
 * One sample of a collective is the maximum over ranks of the time from leaving a barrier to
 * leaving the collective; median_s is the median over the samples. Each result is checked once
 * against the expected values before timing (the program aborts on a wrong result).
 *
 * Usage: mpirun -np P ox4j_mpi_bench [--sizes 8,65536,1048576,16777216] [--algorithm LABEL]
 *                                    [--max-seconds S] [--ops pingpong,bcast,...]
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZES 16

static int rank, nprocs;
static const char *algorithm = "ompi-default";
static double max_seconds = 8.0; /* time budget per (operation, size); at least MIN_REPS samples */
enum { MIN_REPS = 5, WARMUP = 2 };

static void fail(const char *what, long long bytes) {
    fprintf(stderr, "ox4j_mpi_bench: rank %d: wrong result of %s at %lld bytes\n", rank, what, bytes);
    MPI_Abort(MPI_COMM_WORLD, 2);
}

static void *xmalloc(size_t n) {
    void *p = malloc(n == 0 ? 1 : n);
    if (p == NULL) {
        fprintf(stderr, "ox4j_mpi_bench: rank %d: out of memory (%zu bytes)\n", rank, n);
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    return p;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t) n, sizeof(double), cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* reps_for: how many samples to aim for at this size (fewer for big messages). */
static int reps_for(long long bytes) {
    if (bytes <= 1024) return 200;
    if (bytes <= 65536) return 60;
    if (bytes <= 1048576) return 20;
    return 9;
}

/* One benchmarked operation: run(bytes) performs it once on every rank. */
typedef struct {
    const char *name;
    void (*setup)(long long bytes);   /* allocate and fill buffers */
    void (*run)(long long bytes);
    void (*check)(long long bytes);   /* verify the result of one run */
} op_t;

static unsigned char *sbuf, *rbuf;
static long *lsend, *lrecv;

static long long nlongs(long long bytes) { return bytes / 8 > 0 ? bytes / 8 : 1; }
static long long block(long long bytes) { return bytes / nprocs > 0 ? bytes / nprocs : 1; }
static unsigned char pattern(long long i, int r) { return (unsigned char) ((i * 131 + r * 17 + 7) & 0xff); }

static void free_all(void) {
    free(sbuf); free(rbuf); free(lsend); free(lrecv);
    sbuf = rbuf = NULL; lsend = lrecv = NULL;
}

/* ---- ping-pong between ranks 0 and 1 (others idle) */
static void pp_setup(long long n) {
    sbuf = xmalloc((size_t) n); rbuf = xmalloc((size_t) n);
    for (long long i = 0; i < n; i++) sbuf[i] = pattern(i, rank);
}
/* round trips per sample: 100 for small messages, down to 1 from 1 MiB on (ox4j's CollectiveTimer: the same) */
static int pp_rounds(long long n) {
    long long r = (1LL << 20) / (n < 1 ? 1 : n);
    return (int) (r < 1 ? 1 : r > 100 ? 100 : r);
}
static void pp_run(long long n) {
    for (int i = pp_rounds(n); i > 0; i--) {
        if (rank == 0) {
            MPI_Send(sbuf, (int) n, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(rbuf, (int) n, MPI_BYTE, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(rbuf, (int) n, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(sbuf, (int) n, MPI_BYTE, 0, 2, MPI_COMM_WORLD);
        }
    }
}
static void pp_check(long long n) {
    if (rank > 1) return;
    for (long long i = 0; i < n; i++) if (rbuf[i] != pattern(i, 1 - rank)) fail("pingpong", n);
}

/* ---- bcast from root 0 */
static void bc_setup(long long n) {
    sbuf = xmalloc((size_t) n);
    for (long long i = 0; i < n; i++) sbuf[i] = rank == 0 ? pattern(i, 0) : 0;
}
static void bc_run(long long n) { MPI_Bcast(sbuf, (int) n, MPI_BYTE, 0, MPI_COMM_WORLD); }
static void bc_check(long long n) {
    for (long long i = 0; i < n; i++) if (sbuf[i] != pattern(i, 0)) fail("bcast", n);
}

/* ---- reduce / allreduce / scan of bytes/8 longs with MPI_SUM */
static void lv_setup(long long n) {
    long long k = nlongs(n);
    lsend = xmalloc((size_t) k * sizeof(long)); lrecv = xmalloc((size_t) k * sizeof(long));
    for (long long i = 0; i < k; i++) { lsend[i] = (long) (i + 1) * (rank + 1); lrecv[i] = 0; }
}
static void rd_run(long long n) { MPI_Reduce(lsend, lrecv, (int) nlongs(n), MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD); }
static void ar_run(long long n) { MPI_Allreduce(lsend, lrecv, (int) nlongs(n), MPI_LONG, MPI_SUM, MPI_COMM_WORLD); }
static void sc_run(long long n) { MPI_Scan(lsend, lrecv, (int) nlongs(n), MPI_LONG, MPI_SUM, MPI_COMM_WORLD); }
/* sum over ranks 0..r of (i+1)(rank+1) = (i+1)(r+1)(r+2)/2 */
static void sum_check(long long n, int upto, const char *what) {
    long long k = nlongs(n);
    for (long long i = 0; i < k; i++)
        if (lrecv[i] != (long) (i + 1) * (long) (upto + 1) * (upto + 2) / 2) fail(what, n);
}
static void rd_check(long long n) { if (rank == 0) sum_check(n, nprocs - 1, "reduce"); }
static void ar_check(long long n) { sum_check(n, nprocs - 1, "allreduce"); }
static void sc_check(long long n) { sum_check(n, rank, "scan"); }

/* ---- allgather: each rank contributes block(n) bytes */
static void ag_setup(long long n) {
    long long b = block(n);
    sbuf = xmalloc((size_t) b); rbuf = xmalloc((size_t) (b * nprocs));
    for (long long i = 0; i < b; i++) sbuf[i] = pattern(i, rank);
}
static void ag_run(long long n) {
    MPI_Allgather(sbuf, (int) block(n), MPI_BYTE, rbuf, (int) block(n), MPI_BYTE, MPI_COMM_WORLD);
}
static void ag_check(long long n) {
    long long b = block(n);
    for (int r = 0; r < nprocs; r++)
        for (long long i = 0; i < b; i++) if (rbuf[r * b + i] != pattern(i, r)) fail("allgather", n);
}

/* ---- alltoall: block(n) bytes to every rank; block to rank d carries pattern(i, rank*p+d) */
static void aa_setup(long long n) {
    long long b = block(n);
    sbuf = xmalloc((size_t) (b * nprocs)); rbuf = xmalloc((size_t) (b * nprocs));
    for (int d = 0; d < nprocs; d++)
        for (long long i = 0; i < b; i++) sbuf[d * b + i] = pattern(i, rank * nprocs + d);
}
static void aa_run(long long n) {
    MPI_Alltoall(sbuf, (int) block(n), MPI_BYTE, rbuf, (int) block(n), MPI_BYTE, MPI_COMM_WORLD);
}
static void aa_check(long long n) {
    long long b = block(n);
    for (int s = 0; s < nprocs; s++)
        for (long long i = 0; i < b; i++) if (rbuf[s * b + i] != pattern(i, s * nprocs + rank)) fail("alltoall", n);
}

static const op_t OPS[] = {
    {"pingpong", pp_setup, pp_run, pp_check},
    {"bcast", bc_setup, bc_run, bc_check},
    {"reduce", lv_setup, rd_run, rd_check},
    {"allreduce", lv_setup, ar_run, ar_check},
    {"allgather", ag_setup, ag_run, ag_check},
    {"alltoall", aa_setup, aa_run, aa_check},
    {"scan", lv_setup, sc_run, sc_check},
};

/* measure: returns (on rank 0) the median over samples; pingpong samples are half round trips. */
static double measure(const op_t *op, long long n) {
    int is_pp = strcmp(op->name, "pingpong") == 0;
    int want = reps_for(n);
    double *samples = xmalloc(sizeof(double) * (size_t) want);
    int have = 0, more = 1;
    double spent = 0;

    op->setup(n);
    op->run(n);              /* one run checked for correctness, then warm-up */
    op->check(n);
    for (int w = 0; w < WARMUP; w++) op->run(n);

    while (more) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        op->run(n);
        double mine = MPI_Wtime() - t0, slowest = 0;
        MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            samples[have++] = is_pp ? slowest / (2.0 * pp_rounds(n)) : slowest;
            spent += slowest;
            more = have < want && (have < MIN_REPS || spent < max_seconds);
        }
        MPI_Bcast(&more, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    double m = rank == 0 ? median(samples, have) : 0;
    free(samples);
    free_all();
    return m;
}

static int parse_sizes(const char *s, long long *out) {
    int n = 0;
    char *copy = strdup(s), *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t != NULL && n < MAX_SIZES; t = strtok_r(NULL, ",", &save)) {
        char *end;
        long long v = strtoll(t, &end, 10);
        if (*end != '\0' || v <= 0 || v > (1LL << 30)) { free(copy); return -1; }
        out[n++] = v;
    }
    free(copy);
    return n;
}

static int wanted(const char *ops, const char *name) {
    if (ops == NULL) return 1;
    size_t len = strlen(name);
    for (const char *p = ops; (p = strstr(p, name)) != NULL; p += len)
        if ((p == ops || p[-1] == ',') && (p[len] == ',' || p[len] == '\0')) return 1;
    return 0;
}

int main(int argc, char **argv) {
    long long sizes[MAX_SIZES] = {8, 65536, 1048576, 16777216};
    int nsizes = 4;
    const char *ops = NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) {
            nsizes = parse_sizes(argv[++i], sizes);
        } else if (strcmp(argv[i], "--algorithm") == 0 && i + 1 < argc) {
            algorithm = argv[++i];
        } else if (strcmp(argv[i], "--max-seconds") == 0 && i + 1 < argc) {
            max_seconds = atof(argv[++i]);
        } else if (strcmp(argv[i], "--ops") == 0 && i + 1 < argc) {
            ops = argv[++i];
        } else {
            nsizes = -1;
        }
        if (nsizes < 0) {
            if (rank == 0)
                fprintf(stderr, "usage: ox4j_mpi_bench [--sizes N,N,...] [--algorithm LABEL] "
                                "[--max-seconds S] [--ops pingpong,bcast,reduce,allreduce,allgather,alltoall,scan]\n");
            MPI_Finalize();
            return 2;
        }
    }
    if (rank == 0) { printf("collective,algorithm,p,bytes,median_s\n"); fflush(stdout); }
    for (size_t o = 0; o < sizeof OPS / sizeof OPS[0]; o++) {
        if (!wanted(ops, OPS[o].name)) continue;
        if (strcmp(OPS[o].name, "pingpong") == 0 && nprocs < 2) continue;
        for (int s = 0; s < nsizes; s++) {
            double m = measure(&OPS[o], sizes[s]);
            if (rank == 0) {
                const char *label = strcmp(OPS[o].name, "pingpong") == 0 ? "blocking" : algorithm;
                printf("%s,%s,%d,%lld,%.9f\n", OPS[o].name, label, nprocs, sizes[s], m);
                fflush(stdout);
            }
        }
    }
    MPI_Finalize();
    return 0;
}
