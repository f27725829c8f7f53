//! Shared fixtures for the native tests.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]
#![allow(dead_code)]

pub mod by_hand;
pub mod csv;
pub mod fields;
pub mod intl_styles;
pub mod mangle;
pub mod price_files;
mod rng;

pub use rng::Rng;

use course_cost::model::presets::{paper_course, Preset};
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

/// The paper's reported figures and the default scenario's expected ones, each with its source or
/// derivation: tests/fixtures/paper.json, which the browser tests read too (tests/e2e/support.mjs).
pub fn fixture() -> &'static serde_json::Value {
    static FIXTURE: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    FIXTURE.get_or_init(|| {
        serde_json::from_str(include_str!("../fixtures/paper.json")).expect("the fixture parses")
    })
}

/// A figure the paper reports (`paper.figures.<name>.value` in the fixture).
pub fn reported(name: &str) -> f64 {
    fixture()["paper"]["figures"][name]["value"]
        .as_f64()
        .unwrap_or_else(|| panic!("the fixture reports no {name}"))
}

/// A range the paper reports (`paper.figures.<name>`: low, high).
pub fn reported_range(name: &str) -> (f64, f64) {
    let figure = &fixture()["paper"]["figures"][name];
    let bound = |end: &str| {
        figure[end]
            .as_f64()
            .unwrap_or_else(|| panic!("the fixture's {name} has no {end}"))
    };
    (bound("low"), bound("high"))
}

/// A figure the default scenario is expected to show (`default_scenario.<name>` in the fixture).
pub fn expected(name: &str) -> f64 {
    fixture()["default_scenario"][name]
        .as_f64()
        .unwrap_or_else(|| panic!("the fixture expects no {name}"))
}

/// The expected total per student at each node count of the pool's assumed types: (nodes, USD).
pub fn expected_pool_cases() -> Vec<(f64, f64)> {
    let cases = fixture()["default_scenario"]["pool_per_student_usd"]["cases"].as_array();
    cases
        .expect("the fixture's pool cases")
        .iter()
        .map(|case| {
            let number = |i: usize| case[i].as_f64().expect("a number");
            (number(0), number(1))
        })
        .collect()
}

/// `usd` as the page writes a whole-dollar figure, "$12,345", written out here rather than taken
/// from the app's formatter.
pub fn whole_dollars(usd: f64) -> String {
    let digits = format!("{:.0}", usd.round());
    let mut grouped = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("${grouped}")
}

/// Relative difference of `value` from `target`.
pub fn off_by(value: f64, target: f64) -> f64 {
    (value - target).abs() / target
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

/// The index of the first project use of `scenario` that spreads its hours over a pool.
pub fn pooled_use(scenario: &Scenario) -> usize {
    scenario
        .course
        .project
        .uses
        .iter()
        .position(|u| !u.pool.is_empty())
        .expect("the project has a pool")
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

/// Reads JSON test data the way it was written: like `serde_json::from_str`, except that every
/// non-integer number is read with Rust's correctly rounded `str::parse`, so a float written by
/// serde_json's shortest round-trip printer comes back bit for bit. The app parses with
/// serde_json's default (faster, smaller, at most one bit off for 17-digit numbers), and the tests
/// parse what the app parses the same way (no test-only serde_json features); this reader is only
/// for expectations the tests keep in files (the link corpora's scenarios).
pub fn exact_json(text: &str) -> serde_json::Value {
    let mut reader = ExactJson {
        text,
        bytes: text.as_bytes(),
        at: 0,
    };
    let value = reader.value();
    reader.skip_space();
    assert_eq!(reader.at, text.len(), "text after the JSON value");
    value
}

/// [`exact_json`]'s reader: `at` is the next byte of `text` to read.
struct ExactJson<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl ExactJson<'_> {
    fn skip_space(&mut self) {
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// The next byte after white space, consumed.
    fn next(&mut self) -> u8 {
        self.skip_space();
        let byte = *self.bytes.get(self.at).expect("more JSON");
        self.at += 1;
        byte
    }

    fn value(&mut self) -> serde_json::Value {
        use serde_json::Value;
        match self.next() {
            b'{' => {
                let mut object = serde_json::Map::new();
                self.skip_space();
                if self.bytes[self.at] == b'}' {
                    self.at += 1;
                    return Value::Object(object);
                }
                loop {
                    assert_eq!(self.next(), b'"', "a key at byte {}", self.at);
                    let key = self.string();
                    assert_eq!(self.next(), b':', "a colon at byte {}", self.at);
                    object.insert(key, self.value());
                    match self.next() {
                        b',' => {}
                        b'}' => return Value::Object(object),
                        other => panic!("{:?} at byte {} in an object", other as char, self.at),
                    }
                }
            }
            b'[' => {
                let mut array = Vec::new();
                self.skip_space();
                if self.bytes[self.at] == b']' {
                    self.at += 1;
                    return Value::Array(array);
                }
                loop {
                    array.push(self.value());
                    match self.next() {
                        b',' => {}
                        b']' => return Value::Array(array),
                        other => panic!("{:?} at byte {} in an array", other as char, self.at),
                    }
                }
            }
            b'"' => Value::String(self.string()),
            _ => {
                self.at -= 1;
                let start = self.at;
                while self
                    .bytes
                    .get(self.at)
                    .is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'+' | b'.'))
                {
                    self.at += 1;
                }
                let token = &self.text[start..self.at];
                match token {
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    "null" => Value::Null,
                    _ if token.bytes().all(|b| b.is_ascii_digit() || b == b'-') => {
                        serde_json::from_str(token).expect("an integer")
                    }
                    _ => Value::from(token.parse::<f64>().expect("a number")),
                }
            }
        }
    }

    /// The string whose opening quote was just read (escapes decoded by serde_json).
    fn string(&mut self) -> String {
        let start = self.at - 1;
        loop {
            match self.bytes[self.at] {
                b'\\' => self.at += 2,
                b'"' => break,
                _ => self.at += 1,
            }
        }
        self.at += 1;
        serde_json::from_str(&self.text[start..self.at]).expect("a JSON string")
    }
}
