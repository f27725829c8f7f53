//! What Compute Engine bills a machine type for: vCPUs, GiB of memory and GPUs, each priced by
//! its own SKU (Google Cloud's machine-type and GPU documentation). Shared-core E2 types are billed
//! for a fraction of a vCPU: e2-small for 0.5, e2-medium for 1 (their 2 vCPUs share one core).
//! Only the machine types `offers.toml` lists are here; a SKU the table lacks gets no price (it is
//! never guessed).

/// A machine type's billed parts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// How its CPU and memory SKUs begin ("E2 Instance" for "E2 Instance Core running in
    /// Americas" and "E2 Instance Ram running in Americas").
    pub series: &'static str,
    /// Billed vCPUs.
    pub vcpus: f64,
    /// Billed memory, GiB.
    pub ram_gib: f64,
    /// Its GPU SKU's name ("Nvidia Tesla A100 GPU") and how many, when it has GPUs.
    pub gpu: Option<(&'static str, f64)>,
}

const fn cpu(series: &'static str, vcpus: f64, ram_gib: f64) -> Shape {
    Shape {
        series,
        vcpus,
        ram_gib,
        gpu: None,
    }
}

const fn gpu(series: &'static str, vcpus: f64, ram_gib: f64, name: &'static str, n: f64) -> Shape {
    Shape {
        series,
        vcpus,
        ram_gib,
        gpu: Some((name, n)),
    }
}

const E2: &str = "E2 Instance";
const N2: &str = "N2 Instance";
const N1: &str = "N1 Predefined Instance";
const G2: &str = "G2 Instance";
const A2: &str = "A2 Instance";
const A3: &str = "A3 Instance";
const L4: &str = "Nvidia L4 GPU";
const A100: &str = "Nvidia Tesla A100 GPU";
const H100: &str = "Nvidia H100 80GB GPU";

/// Machine types by name.
const MACHINES: [(&str, Shape); 21] = [
    ("e2-small", cpu(E2, 0.5, 2.0)),
    ("e2-medium", cpu(E2, 1.0, 4.0)),
    ("e2-standard-2", cpu(E2, 2.0, 8.0)),
    ("e2-standard-4", cpu(E2, 4.0, 16.0)),
    ("e2-highcpu-4", cpu(E2, 4.0, 4.0)),
    ("e2-highcpu-8", cpu(E2, 8.0, 8.0)),
    ("n2-standard-2", cpu(N2, 2.0, 8.0)),
    ("n2-standard-4", cpu(N2, 4.0, 16.0)),
    ("n2-standard-8", cpu(N2, 8.0, 32.0)),
    ("n2-standard-48", cpu(N2, 48.0, 192.0)),
    ("n2-standard-96", cpu(N2, 96.0, 384.0)),
    ("n1-standard-4", cpu(N1, 4.0, 15.0)),
    ("n1-standard-8", cpu(N1, 8.0, 30.0)),
    ("n1-standard-32", cpu(N1, 32.0, 120.0)),
    ("g2-standard-4", gpu(G2, 4.0, 16.0, L4, 1.0)),
    ("g2-standard-8", gpu(G2, 8.0, 32.0, L4, 1.0)),
    ("a2-highgpu-1g", gpu(A2, 12.0, 85.0, A100, 1.0)),
    ("a2-highgpu-2g", gpu(A2, 24.0, 170.0, A100, 2.0)),
    ("a2-highgpu-4g", gpu(A2, 48.0, 340.0, A100, 4.0)),
    ("a3-highgpu-1g", gpu(A3, 26.0, 234.0, H100, 1.0)),
    ("a3-highgpu-8g", gpu(A3, 208.0, 1872.0, H100, 8.0)),
];

/// GPUs attached to an N1 machine (`n1-standard-4+1xT4`), by the name offers.toml uses.
const ATTACHED: [(&str, &str); 2] = [
    ("T4", "Nvidia Tesla T4 GPU"),
    ("V100", "Nvidia Tesla V100 GPU"),
];

/// The billed parts of a SKU as offers.toml names it: a machine type, or an N1 type with GPUs
/// attached (`n1-standard-32+4xV100`).
pub fn shape(sku: &str) -> Option<Shape> {
    let machine = |name: &str| MACHINES.iter().find(|(n, _)| *n == name).map(|(_, s)| *s);
    match sku.split_once('+') {
        None => machine(sku),
        Some((base, attached)) => {
            let base = machine(base).filter(|s| s.gpu.is_none() && s.series == N1)?;
            let (count, model) = attached.split_once('x')?;
            let count: f64 = count.parse().ok().filter(|c: &f64| *c >= 1.0)?;
            let (_, name) = ATTACHED.iter().find(|(m, _)| *m == model)?;
            Some(Shape {
                gpu: Some((name, count)),
                ..base
            })
        }
    }
}
