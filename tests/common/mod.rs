//! Shared fixtures for the native tests.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]
#![allow(dead_code)]

use course_cost::model::catalog::presets::{paper_course, Preset};
use course_cost::model::{evaluate, Catalog, Estimate, Scenario};

pub fn catalog() -> &'static Catalog {
    Catalog::builtin().expect("the shipped catalog parses")
}

pub fn paper() -> &'static Preset {
    paper_course().expect("the shipped presets parse")
}

pub fn estimate(scenario: &Scenario) -> Estimate {
    evaluate(scenario, catalog()).expect("scenario is valid")
}

/// Relative difference of `value` from `target`.
pub fn off_by(value: f64, target: f64) -> f64 {
    (value - target).abs() / target
}

/// A small deterministic random generator (xorshift64*), so property tests are reproducible
/// without a dependency.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in 0..n (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A float in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Applies `steps` random edits (numbers and structure) to `scenario`, keeping only valid ones.
// One match arm per kind of edit: long, but each arm is one line of thought.
#[allow(clippy::too_many_lines)]
pub fn random_edits(
    scenario: &course_cost::model::Scenario,
    rng: &mut Rng,
    steps: usize,
) -> course_cost::model::Scenario {
    use course_cost::model::catalog::hardware::Hardware;
    use course_cost::model::catalog::offer::PriceModel;
    use course_cost::model::catalog::resource::ResourceKind;
    use course_cost::model::catalog::stand_in::CustomOffer;
    use course_cost::model::edit::change::{apply_change, Change};
    use course_cost::model::edit::number::apply_number;
    use course_cost::model::scenario::field::{
        overrun_setting, FieldPath, PhaseKey, Setting, UseField, UseSite,
    };

    let catalog = catalog();
    let mut s = scenario.clone();
    let resources: Vec<String> = catalog.resources.iter().map(|r| r.id.to_string()).collect();
    let offers: Vec<String> = catalog.offers.iter().map(|o| o.id.to_string()).collect();
    for _ in 0..steps {
        let labs = s.course.labs.len().max(1);
        let lab = rng.below(labs);
        let options = s.course.labs.get(lab).map_or(1, |l| l.options.len().max(1));
        let option = rng.below(options);
        let uses = s
            .course
            .labs
            .get(lab)
            .and_then(|l| l.options.get(option))
            .map_or(1, |o| o.uses.len().max(1));
        let item = rng.below(uses);
        let value = match rng.below(4) {
            0 => format!("{}", rng.below(500)),
            1 => format!("{:.3}", rng.unit() * 20.0),
            2 => format!("{}", rng.unit() * 100.0),
            _ => "-1".to_string(),
        };
        let kinds = [
            ResourceKind::Vm,
            ResourceKind::BareMetal,
            ResourceKind::Edge,
            ResourceKind::Storage,
        ];
        let next = match rng.below(22) {
            0 => apply_number(&s, catalog, Setting::Students, &value),
            1 => apply_number(&s, catalog, Setting::GroupSize, &value),
            2 => apply_number(&s, catalog, Setting::ProjectWeeks, &value),
            3 => apply_number(
                &s,
                catalog,
                FieldPath::lab_use(lab, option, item, UseField::Hours),
                &value,
            ),
            4 => apply_number(
                &s,
                catalog,
                FieldPath::lab_use(lab, option, item, UseField::Count),
                &value,
            ),
            5 => apply_number(&s, catalog, FieldPath::lab_share(lab, option), &value),
            6 => apply_number(
                &s,
                catalog,
                overrun_setting(
                    if rng.below(2) == 0 {
                        PhaseKey::Labs
                    } else {
                        PhaseKey::Project
                    },
                    kinds[rng.below(4)],
                )
                .expect("not network"),
                &value,
            ),
            7 => apply_number(&s, catalog, Setting::DiscountPct, &value),
            8 => apply_number(
                &s,
                catalog,
                FieldPath::project_use(rng.below(4), UseField::Hours),
                &value,
            ),
            9 => apply_change(&s, catalog, Change::AddLab),
            10 => apply_change(&s, catalog, Change::RemoveLab(lab)),
            11 => apply_change(
                &s,
                catalog,
                Change::MoveLab {
                    from: lab,
                    to: rng.below(labs),
                },
            ),
            12 => apply_change(
                &s,
                catalog,
                Change::RenameLab {
                    lab,
                    name: format!("Renamed <b>{}</b> & \"quoted\"", rng.below(99)),
                },
            ),
            13 => apply_change(&s, catalog, Change::AddOption { lab }),
            14 => apply_change(&s, catalog, Change::RemoveOption { lab, option }),
            15 => apply_change(
                &s,
                catalog,
                Change::SetUseResource {
                    site: UseSite::Lab { lab, option },
                    item,
                    resource: resources[rng.below(resources.len())].clone(),
                },
            ),
            16 => apply_change(
                &s,
                catalog,
                Change::SetProvider(
                    catalog.providers[rng.below(catalog.providers.len())]
                        .id
                        .to_string(),
                ),
            ),
            17 => apply_change(
                &s,
                catalog,
                Change::SetPriceModel(if rng.below(2) == 0 {
                    PriceModel::Spot
                } else {
                    PriceModel::OnDemand
                }),
            ),
            18 => apply_change(
                &s,
                catalog,
                Change::ChooseOffer {
                    provider: s.pricing.provider.clone(),
                    resource: resources[rng.below(resources.len())].clone(),
                    offer: offers[rng.below(offers.len())].clone(),
                },
            ),
            19 => apply_change(
                &s,
                catalog,
                Change::AddCustomOffer(CustomOffer {
                    name: format!("Campus cluster {}", rng.below(9)),
                    specs: Hardware {
                        vcpu: 8,
                        ram_gb: 64.0,
                        gpu_model: "A100".into(),
                        gpu_count: 1,
                        gpu_mem_gb: 80.0,
                    },
                    usd_per_hour: 0.5 + rng.unit(),
                }),
            ),
            20 => apply_change(&s, catalog, Change::AddUse(UseSite::Project)),
            _ => apply_change(
                &s,
                catalog,
                Change::SetCurrency(["EUR", "USD", "GBP"][rng.below(3)].into()),
            ),
        };
        if let Ok(next) = next {
            s = next;
        }
    }
    s
}

/// A negotiated 4x A100 80GB machine at $6.50 an hour named `name`, as a user would add it.
pub fn a100_custom_offer(name: &str) -> course_cost::model::catalog::stand_in::CustomOffer {
    course_cost::model::catalog::stand_in::CustomOffer {
        name: name.into(),
        specs: course_cost::model::catalog::hardware::Hardware {
            vcpu: 32,
            ram_gb: 256.0,
            gpu_model: "A100 80GB".into(),
            gpu_count: 4,
            gpu_mem_gb: 80.0,
        },
        usd_per_hour: 6.5,
    }
}
