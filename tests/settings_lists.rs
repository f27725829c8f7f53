//! Every list of settings reads the settings table (issue 33, item 2): the A/B difference lists
//! every setting that differs (each setting changed alone in B, through the commit path as a user
//! types it, gives the row that names it, with A's and B's values in words; nothing else
//! differs), and the CSV and Markdown exports name every setting with its value.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, estimate, paper};
use course_cost::model::edit::number::apply_number;
use course_cost::model::export::{escape_markdown, ExportKind};
use course_cost::model::planners::diff::{input_differences, setting_row_label};
use course_cost::model::scenario::field::FieldPath;
use course_cost::model::scenario::setting::Setting;
use course_cost::model::Scenario;

/// `a` with `setting` alone changed to a value validation accepts: the first of 1.5 times, half,
/// one more or one less than A's that is valid and different.
fn changed_alone(a: &Scenario, setting: Setting) -> Scenario {
    let value = setting.get(a);
    let candidates = [value * 1.5, value * 0.5, value + 1.0, value - 1.0, 1.0, 2.0];
    candidates
        .iter()
        .filter(|&&v| v != value)
        .find_map(|v| apply_number(a, catalog(), FieldPath::from(setting), &v.to_string()).ok())
        .unwrap_or_else(|| panic!("{}: no other valid value near {value}", setting.path()))
}

#[test]
fn every_setting_changed_alone_in_b_is_listed() {
    let a = &paper().scenario;
    assert!(input_differences(a, a, catalog()).is_empty());
    for &setting in Setting::ALL {
        let b = changed_alone(a, setting);
        assert_ne!(setting.get(&b), setting.get(a), "{}", setting.path());
        let rows = input_differences(a, &b, catalog());
        let label = setting_row_label(setting, &b);
        let row = rows
            .iter()
            .find(|r| r.label == label)
            .unwrap_or_else(|| panic!("{}: no row {label:?} in {rows:?}", setting.path()));
        assert_ne!(row.a, row.b, "{}", setting.path());
        // One setting changed, one row, which says both values (a price change in its words).
        assert_eq!(rows.len(), 1, "{}: {rows:?}", setting.path());
        if label == setting.label_in(&b) {
            assert_eq!(row.a, setting.value_words(a), "{}", setting.path());
            assert_eq!(row.b, setting.value_words(&b), "{}", setting.path());
        }
    }
}

#[test]
fn a_b_with_another_storage_overrun_names_it() {
    // The case the issue found: B keeps project storage longer, costs more, and said nothing.
    let a = &paper().scenario;
    let b = apply_number(a, catalog(), FieldPath::from(Setting::ProjectStorage), "2").unwrap();
    let rows = input_differences(a, &b, catalog());
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].label, "Project: Storage");
    assert_eq!(rows[0].b, "2x");
}

#[test]
fn the_exports_name_every_setting_with_its_value() {
    // Euros, so money settings are written in the scenario's currency.
    let mut s = paper().scenario.clone();
    s.pricing.currency = "EUR".into();
    s.pricing.usd_to_currency = 0.9;
    s.pricing.credit_per_student_usd = 50.0;
    let result = estimate(&s);
    let render =
        |kind: ExportKind| kind.render(&s, &result, catalog(), "https://x.invalid/", "2026-12-01");
    let records = common::csv::records(&render(ExportKind::Csv));
    let markdown = render(ExportKind::Markdown);
    for &setting in Setting::ALL {
        let label = setting.label_in(&s);
        let row = records
            .iter()
            .find(|r| r[0] == label)
            .unwrap_or_else(|| panic!("no CSV row {label:?}"));
        let rate = if setting.is_money() { 0.9 } else { 1.0 };
        let value: f64 = row[1].parse().unwrap();
        assert!(
            (value - setting.get(&s) * rate).abs() < 1e-9,
            "{label}: {row:?}"
        );
        let line = format!(
            "| {} | {} |",
            escape_markdown(&label),
            escape_markdown(&setting.value_words(&s))
        );
        assert!(markdown.contains(&line), "no Markdown row {line:?}");
    }
    assert!(label_of(&records, "EUR per US dollar"));
}

fn label_of(records: &[Vec<String>], label: &str) -> bool {
    records.iter().any(|r| r[0] == label)
}

#[test]
fn every_usage_setting_is_a_row_of_the_tornado() {
    use course_cost::model::planners::tornado::{Knob, INPUTS};
    use course_cost::model::planners::uncertain::usage_range;
    let in_inputs = |setting: Setting| INPUTS.iter().any(|i| i.knob == Knob::Setting(setting));
    let mut usage = 0;
    for &setting in Setting::ALL {
        match usage_range(setting) {
            Some(range) => {
                usage += 1;
                assert!(
                    in_inputs(setting),
                    "{} has a range but no row",
                    setting.path()
                );
                assert!(INPUTS.contains(&range), "{}", setting.path());
            }
            None => assert!(!in_inputs(setting), "{} has no range", setting.path()),
        }
    }
    assert!(usage >= 6);
}

mod choices {
    //! Issue 46, item 3: the settings that are not one number (the region, the stand-ins you
    //! chose...) are declared in the choices table, and the comparison, the exports and the
    //! link read it.
    use super::common::{self, catalog, estimate, paper};
    use course_cost::model::catalog::offer::PriceModel;
    use course_cost::model::edit::change::{apply_change, Change};
    use course_cost::model::edit::pool_change::PoolChange;
    use course_cost::model::export::ExportKind;
    use course_cost::model::planners::diff::input_differences;
    use course_cost::model::scenario::choice::Choice;
    use course_cost::model::scenario::field::UseSite;
    use course_cost::model::scenario::levers::Levers;
    use course_cost::model::scenario::realism::{BillNote, ResourceFactor};
    use course_cost::model::scenario::setting::Setting;
    use course_cost::model::scenario::{Capacity, Scenario};
    use course_cost::model::share::{decode, encode};

    fn change(s: &Scenario, change: Change) -> Scenario {
        apply_change(s, catalog(), change).expect("valid")
    }

    /// `a` with `choice` alone changed, as a user would (an exhaustive match: a new line in the
    /// choices table needs its case here, or this does not build).
    fn changed_alone(a: &Scenario, choice: Choice) -> Scenario {
        let mut b = a.clone();
        match choice {
            Choice::Title => return change(a, Change::SetTitle("Plan B".into())),
            Choice::Notes => return change(a, Change::SetNotes("More GPUs".into())),
            Choice::Provider => return change(a, Change::SetProvider("gcp".into())),
            Choice::Region => return change(a, Change::SetRegion("eu-west-1".into())),
            Choice::Prices => {
                let other = catalog()
                    .snapshots
                    .iter()
                    .find(|s| s.id != a.pricing.snapshot);
                let id = other.expect("a second snapshot").id.to_string();
                return change(a, Change::SetSnapshot(id));
            }
            Choice::BuyInstances => return change(a, Change::SetPriceModel(PriceModel::Spot)),
            Choice::Currency => {
                let rate = a.pricing.usd_to_currency;
                let code = "EUR".to_string();
                return change(a, Change::SetCurrencyWithRate { code, rate });
            }
            Choice::Labs => {
                let name = "Lab 1: Renamed".to_string();
                return change(a, Change::RenameLab { lab: 0, name });
            }
            Choice::GroupProject => return change(a, Change::AddUse(UseSite::Project)),
            Choice::ResourceFactors => b.resource_factors.push(ResourceFactor {
                resource: a.course.project.uses[0].resource.clone(),
                factor: 1.5,
            }),
            Choice::StandIns => {
                return change(
                    a,
                    Change::ChooseOffer {
                        provider: "aws".into(),
                        resource: "compute_liqid".into(),
                        offer: "aws/g6.xlarge".into(),
                    },
                )
            }
            Choice::CustomOffers => {
                let offer = common::a100_custom_offer("University GPU cluster");
                return change(a, Change::AddCustomOffer(offer));
            }
            Choice::Capacity => {
                let project = &a.course.project;
                let capacity = Capacity {
                    resource: project.uses[0].resource.clone(),
                    units: 2.0,
                    start_week: project.start_week,
                    weeks: project.weeks,
                    note: String::new(),
                };
                return change(a, Change::Pool(PoolChange::AddCapacity(capacity)));
            }
            Choice::Levers => return change(a, Change::SetLevers(Levers::suggested())),
            Choice::Seed => b.planning.seed += 1,
            Choice::Runs => b.planning.runs += 100,
            Choice::BillNote => {
                b.bill_note = Some(BillNote {
                    text: "calibrated: from a FOCUS bill".into(),
                    fields: Vec::new(),
                })
            }
        }
        b
    }

    /// Every leaf of the scenario's JSON ("pricing.region", "course.labs"), arrays whole.
    fn leaves(value: &serde_json::Value, path: &str, out: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, inner) in map {
                    let inner_path = if path.is_empty() {
                        key.clone()
                    } else {
                        format!("{path}.{key}")
                    };
                    leaves(inner, &inner_path, out);
                }
            }
            _ => out.push(path.to_string()),
        }
    }

    #[test]
    fn every_part_of_a_scenario_is_a_line_of_the_settings_or_the_choices_table() {
        // Every optional part set, so its JSON holds every field there is (the region before
        // the provider moves, so both are set).
        let mut full = paper().scenario.clone();
        for &choice in Choice::ALL.iter().rev() {
            full = changed_alone(&full, choice);
        }
        let json = serde_json::to_value(&full).expect("serializes");
        let mut paths = Vec::new();
        leaves(&json, "", &mut paths);
        assert!(paths.len() > 30, "{paths:?}");
        let declared = |path: &str| {
            Setting::ALL.iter().any(|s| s.path() == path)
                || Choice::ALL.iter().any(|c| {
                    path == c.path()
                        || path
                            .strip_prefix(c.path())
                            .is_some_and(|rest| rest.starts_with('.'))
                })
        };
        for path in &paths {
            assert!(declared(path), "{path} is in neither table");
        }
    }

    #[test]
    fn every_choice_changed_alone_in_b_is_listed_by_name() {
        let a = &paper().scenario;
        for &choice in Choice::ALL {
            let b = changed_alone(a, choice);
            assert!(choice.differs(a, &b), "{}", choice.path());
            let rows = input_differences(a, &b, catalog());
            assert_eq!(rows.len(), 1, "{}: {rows:?}", choice.path());
            assert_eq!(rows[0].label, choice.label(), "{rows:?}");
            assert_ne!(rows[0].a, rows[0].b, "{rows:?}");
        }
    }

    #[test]
    fn another_region_and_a_stand_in_choice_read_in_words() {
        // The cases: B on eu-west-1 listed nothing; "0 choices / 1 choices".
        let a = &paper().scenario;
        let rows = input_differences(a, &changed_alone(a, Choice::Region), catalog());
        assert_eq!(rows[0].label, "Region");
        assert!(rows[0].a.starts_with("us-east-1 ("), "{rows:?}");
        assert!(rows[0].b.starts_with("eu-west-1 ("), "{rows:?}");
        let rows = input_differences(a, &changed_alone(a, Choice::StandIns), catalog());
        assert_eq!(
            (rows[0].a.as_str(), rows[0].b.as_str()),
            ("none", "1 choice")
        );
    }

    #[test]
    fn every_choice_changed_alone_survives_the_link() {
        let a = &paper().scenario;
        for &choice in Choice::ALL {
            let b = changed_alone(a, choice);
            let decoded = decode(&encode(&b, paper()), catalog()).expect("decodes");
            assert!(
                !choice.differs(&b, &decoded.scenario),
                "{}: {:?}",
                choice.path(),
                decoded.notices
            );
        }
    }

    #[test]
    fn the_markdown_names_every_choice_with_its_value() {
        // The Markdown's settings table lists every choice (the CSV, a table of numbers, says the
        // provider, region, prices and currency in its "Priced with" and "Currency" rows; the
        // JSON holds the whole scenario).
        let s = changed_alone(&paper().scenario, Choice::Region);
        let result = estimate(&s);
        let markdown =
            ExportKind::Markdown.render(&s, &result, catalog(), "https://x.invalid/", "2026-12-01");
        for &choice in Choice::ALL {
            let words = choice.words(&s, catalog());
            let line = format!(
                "| {} | {} |",
                super::escape_markdown(choice.label()),
                super::escape_markdown(&words)
            );
            assert!(markdown.contains(&line), "no Markdown row {line:?}");
        }
        assert!(
            markdown.contains("| Region | eu-west-1 \\("),
            "the region row"
        );
    }
}
