//! Save benches: how long it takes to see that a save opens (`save::check`: parse it and replay every
//! step, checked), which the app does for each file its Load list shows
//! (`cargo bench -p hoarfrost-rules --bench saves`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hoarfrost_rules::GameKind;
use hoarfrost_rules::fuzz::targets::sample_save;
use hoarfrost_rules::save;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("save_check");
    for kind in GameKind::ALL {
        // A random game of up to 2,000 steps (most end sooner), as long as saves get.
        let text = sample_save(kind, 3, 2_000).unwrap();
        let steps = save::peek(&text).unwrap().steps;
        group.throughput(Throughput::Elements(steps as u64));
        group.bench_function(format!("{}_{steps}_steps", kind.slug()), |b| {
            b.iter(|| save::check(black_box(&text)).unwrap())
        });
    }
    group.finish();
}

criterion_group!(saves, benches);
criterion_main!(saves);
