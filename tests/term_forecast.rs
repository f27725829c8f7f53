//! During the term (issue 47): a bill so far placed on the course's weeks, the forecast of the
//! rest of the term, when the money runs out, and the status paragraph. The bills are generated
//! here from the paper's course plan (its priced lines, spread over each lab's weeks as the
//! semester timeline spreads them) with known overruns per lab, and the official FOCUS 1.0
//! sample is read as published; every expected figure is derived here, by hand, from the lines.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::csv::records;
use common::{catalog, paper};
use course_cost::model::calendar::{day_of, day_text};
use course_cost::model::catalog::resource::ResourceKind;
use course_cost::model::engine::estimate::{evaluate, CostLine, Phase};
use course_cost::model::focus::calibrate::Guard;
use course_cost::model::focus::compare::levers_off;
use course_cost::model::focus::reader::read_all;
use course_cost::model::focus::BillSummary;
use course_cost::model::scenario::setting::Setting;
use course_cost::model::share::{decode, encode};
use course_cost::model::term::apply::observed_factors;
use course_cost::model::term::forecast::RatioFrom;
use course_cost::model::term::place::TermBill;
use course_cost::model::term::status::status;
use course_cost::model::term::{during_term, TermView};
use course_cost::model::Scenario;

/// Week 1 of the paper's course: 2025-01-21 (the presets count their weeks from it).
fn start() -> i64 {
    day_of(2025, 1, 21).unwrap()
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance * b.abs().max(1.0)
}

/// The paper's course with its levers off (how a bill is set against the plan).
fn scenario() -> Scenario {
    levers_off(&paper().scenario)
}

fn lines(s: &Scenario) -> Vec<CostLine> {
    evaluate(s, catalog()).unwrap().lines
}

/// The first and last week of a line, as the timeline rounds them.
fn weeks_of(s: &Scenario, line: &CostLine) -> (i64, i64) {
    let (start, end) = match line.phase {
        Phase::Lab(i) => (s.course.labs[i].start_week, s.course.labs[i].due_week),
        Phase::Project => {
            let p = &s.course.project;
            (p.start_week, p.start_week + p.weeks - 1.0)
        }
    };
    let first = start.max(1.0).round() as i64;
    (first, (end.max(start).max(1.0).round() as i64).max(first))
}

/// The overrun of a line's lab (the project last).
fn overrun(s: &Scenario, line: &CostLine, k: &[f64]) -> f64 {
    match line.phase {
        Phase::Lab(i) => k[i],
        Phase::Project => k[s.course.labs.len()],
    }
}

/// The lab tag of a line.
fn tag(s: &Scenario, line: &CostLine) -> String {
    match line.phase {
        Phase::Lab(i) => s.course.labs[i].name.clone(),
        Phase::Project => "Project".to_string(),
    }
}

const HEADER: &str = "ChargeCategory,ChargePeriodStart,ChargePeriodEnd,BilledCost,EffectiveCost,\
BillingCurrency,ConsumedQuantity,ConsumedUnit,ServiceName,ServiceCategory,x_UsageType,ProviderName,Tags";

/// One FOCUS row of one day (day number), `billed` US dollars.
fn row(day: i64, billed: f64, quantity: f64, kind: &str, tags: &str) -> String {
    let (unit, service, usage) = match kind {
        "storage" => ("GB-Mo", "Storage", "USE1-EBS:VolumeUsage.gp3".to_string()),
        "ip" => (
            "Hours",
            "Network",
            "USE1-PublicIPv4:InUseAddress".to_string(),
        ),
        sku => ("Hours", "Compute", format!("USE1-BoxUsage:{sku}")),
    };
    let tags = tags.replace('"', "\"\"");
    format!(
        "Usage,{}T00:00:00Z,{}T00:00:00Z,{billed},{billed},USD,{quantity},{unit},Amazon Elastic \
         Compute Cloud,{service},{usage},AWS,\"{tags}\"\n",
        day_text(day),
        day_text(day + 1)
    )
}

/// A bill of the term's days `days` (from week 1's first day, 0 first): every line of the plan
/// spread evenly over its weeks' days, times its lab's overrun `k`.
fn generated(s: &Scenario, k: &[f64], days: std::ops::Range<i64>) -> String {
    let mut text = format!("{HEADER}\n");
    for line in lines(s) {
        let (first, last) = weeks_of(s, &line);
        let span = 7 * (last - first + 1);
        let factor = overrun(s, &line, k) / span as f64;
        let kind = match line.kind {
            ResourceKind::Storage => "storage".to_string(),
            ResourceKind::Network => "ip".to_string(),
            _ => line.sku.clone(),
        };
        let quantity = match line.kind {
            ResourceKind::Storage => line.actual_hours / 730.0,
            _ => line.actual_hours * line.fraction,
        };
        let tags = format!("{{\"course-lab\":\"{}\"}}", tag(s, &line));
        for day in (7 * (first - 1)).max(days.start)..(7 * last).min(days.end) {
            let (billed, q) = (line.cost_usd * factor, quantity * factor);
            text.push_str(&row(start() + day, billed, q, &kind, &tags));
        }
    }
    text
}

fn read(text: &str) -> BillSummary {
    read_all(text.as_bytes()).expect("the generated bill reads")
}

fn view(s: &Scenario, bills: &[&BillSummary]) -> TermView {
    during_term(&TermBill::of(bills.iter().copied()), s, catalog(), None).expect("placed")
}

/// By hand: what the lines bill in the term's days `days` at overruns `k`, and planned.
fn to_date(s: &Scenario, k: &[f64], days: std::ops::Range<i64>) -> (f64, f64) {
    let (mut billed, mut planned) = (0.0, 0.0);
    for line in lines(s) {
        let (first, last) = weeks_of(s, &line);
        let inside = ((7 * last).min(days.end) - (7 * (first - 1)).max(days.start)).max(0);
        let share = inside as f64 / (7 * (last - first + 1)) as f64;
        billed += line.cost_usd * overrun(s, &line, k) * share;
        planned += line.cost_usd * share;
    }
    (billed, planned)
}

/// By hand: the term's total at overruns `k`.
fn term_total(s: &Scenario, k: &[f64]) -> f64 {
    lines(s).iter().map(|l| l.cost_usd * overrun(s, l, k)).sum()
}

/// Overruns per lab (the project last): the labs of weeks 1-6 at 1.1 to 1.6, the later ones
/// between those, as a course whose later labs overrun like the early ones.
fn known_overruns(s: &Scenario) -> Vec<f64> {
    let cycle = [1.1, 1.6, 1.3, 1.45, 1.2, 1.5, 1.35, 1.25];
    (0..=s.course.labs.len())
        .map(|i| cycle[i % cycle.len()])
        .collect()
}

#[test]
fn weeks_1_to_6_forecast_the_term_within_the_range_and_the_trend_differs() {
    let s = scenario();
    let k = known_overruns(&s);
    let bill = read(&generated(&s, &k, 0..42));
    let v = view(&s, &[&bill]);
    let p = &v.placement;
    assert_eq!(p.as_of_week(), 6);
    let (spent, planned) = to_date(&s, &k, 0..42);
    assert!(
        close(v.forecast.spent_usd, spent, 1e-6),
        "{} {spent}",
        v.forecast.spent_usd
    );
    assert!(close(v.forecast.planned_to_date_usd, planned, 1e-6));
    // Each week billed, by hand.
    for w in 0..6 {
        let (week, _) = to_date(&s, &k, 7 * w..7 * (w + 1));
        assert!(
            close(p.weeks[w as usize].spent_usd, week, 1e-6),
            "week {}",
            w + 1
        );
    }
    // The labs by tag: each lab of weeks 1-6 billed its overrun times its plan to date.
    assert_eq!(p.tag.as_deref(), Some("course-lab"));
    for lab in p.labs.iter().filter(|l| l.planned_usd > 0.0) {
        let i = lab.lab.expect("every tag value names a lab");
        assert!(
            close(lab.spent_usd / lab.planned_usd, k[i], 1e-6),
            "{}",
            lab.value
        );
    }
    let total = term_total(&s, &k);
    let f = &v.forecast;
    assert!(
        f.low_usd <= total && total <= f.high_usd,
        "{} <= {total} <= {}",
        f.low_usd,
        f.high_usd
    );
    assert!(f.low_usd <= f.total_usd && f.total_usd <= f.high_usd);
    // The straight line: the daily average so far (42 days) carried over the term's days.
    let days = 7.0 * p.weeks.len() as f64;
    assert!(close(f.trend_usd, spent / 42.0 * days, 1e-6));
    // The course is back-loaded: the trend misses the term by far more than the forecast.
    assert!(
        (f.trend_usd - total).abs() > 0.2 * total,
        "trend {} vs {total}",
        f.trend_usd
    );
    assert!((f.total_usd - total).abs() < (f.trend_usd - total).abs());
    // The bill covers it all: nothing outside the term.
    assert!(p.outside(&|x| format!("{x:.2}")).is_none());
}

#[test]
fn weeks_1_to_12_forecast_the_term_within_the_range() {
    let s = scenario();
    let k = known_overruns(&s);
    let bill = read(&generated(&s, &k, 0..84));
    let v = view(&s, &[&bill]);
    assert_eq!(v.placement.as_of_week(), 12);
    let (spent, _) = to_date(&s, &k, 0..84);
    assert!(close(v.forecast.spent_usd, spent, 1e-6));
    let total = term_total(&s, &k);
    let f = &v.forecast;
    assert!(
        f.low_usd <= total && total <= f.high_usd,
        "{} <= {total} <= {}",
        f.low_usd,
        f.high_usd
    );
    assert!(close(
        f.trend_usd,
        spent / 84.0 * 7.0 * v.placement.weeks.len() as f64,
        1e-6
    ));
    assert!(f.trend_usd != f.total_usd);
}

/// The group of a line whose ratio the forecast uses: its resource for an instance, "" for the
/// rest (storage, addresses).
fn group(line: &CostLine) -> String {
    if line.kind.is_instance() {
        line.resource.clone()
    } else {
        String::new()
    }
}

/// By hand: each group's ratio when every line overruns `k` = 1.3 and the bill covers weeks
/// 1-6: 1.3 where its plan to date (hours; cost for the rest) is at least a fifth of its term's,
/// else the plan's 1.
fn uniform_ratio(s: &Scenario, of: &str) -> f64 {
    let (mut to_date, mut term) = (0.0, 0.0);
    for line in lines(s).iter().filter(|l| group(l) == of) {
        let (first, last) = weeks_of(s, line);
        let inside = (42.min(7 * last) - 7 * (first - 1)).max(0) as f64;
        let amount = if of.is_empty() {
            line.cost_usd
        } else {
            line.actual_hours
        };
        to_date += amount * inside / (7 * (last - first + 1)) as f64;
        term += amount;
    }
    if to_date > 0.0 && to_date >= 0.2 * term {
        1.3
    } else {
        1.0
    }
}

#[test]
fn a_uniform_overrun_forecasts_at_the_observed_ratios_and_the_week_the_budget_runs_out() {
    let s = scenario();
    let k = vec![1.3; s.course.labs.len() + 1];
    let bill = read(&generated(&s, &k, 0..42));
    let mut s = s;
    let weeks = view(&s, &[&bill]).placement.weeks.len();
    // By hand, week by week: billed in weeks 1-6, then each line's weekly plan times its
    // group's ratio.
    let mut week = vec![0.0; weeks];
    let mut remaining_plan = 0.0;
    for line in lines(&s) {
        let (first, last) = weeks_of(&s, &line);
        let ratio = uniform_ratio(&s, &group(&line));
        for w in first..=last {
            let per_week = line.cost_usd / (last - first + 1) as f64;
            if w <= 6 {
                week[w as usize - 1] += 1.3 * per_week;
            } else {
                week[w as usize - 1] += ratio * per_week;
                remaining_plan += per_week;
            }
        }
    }
    let cumulative: Vec<f64> = week
        .iter()
        .scan(0.0, |sum, p| {
            *sum += p;
            Some(*sum)
        })
        .collect();
    // A budget halfway through the spend of the first week from week 13 that spends: it runs
    // out in that week.
    let at = (12..weeks).find(|&w| week[w] > 1.0).unwrap();
    s.planning.budget_usd = (cumulative[at - 1] + cumulative[at]) / 2.0;
    let v = view(&s, &[&bill]);
    let f = &v.forecast;
    assert!(
        close(f.total_usd, cumulative[weeks - 1], 1e-6),
        "{} {}",
        f.total_usd,
        cumulative[weeks - 1]
    );
    for part in f.parts.iter().filter(|p| p.from == RatioFrom::Observed) {
        assert!(
            close(part.ratio, 1.3, 1e-6),
            "{}: {}",
            part.label,
            part.ratio
        );
    }
    // A resource only in later weeks keeps the plan's factor, and says so.
    assert!(f
        .parts
        .iter()
        .any(|p| p.from == RatioFrom::Plan && p.remaining_planned_usd > 0.0));
    // The range: the remaining plan at the plan's 1 and at the 1.3 seen.
    let spent = cumulative[5];
    assert!(close(f.low_usd, spent + remaining_plan, 1e-6));
    assert!(close(f.high_usd, spent + 1.3 * remaining_plan, 1e-6));
    assert_eq!(v.runway.runs_out_week, Some(at as u32 + 1));
    // The trend: spent / 42 a day; it crosses the budget in the week its days pass it.
    let day = spent / 42.0;
    let trend_week = (s.planning.budget_usd / day / 7.0).ceil() as usize;
    let trend_week = (trend_week <= weeks).then_some(trend_week as u32);
    assert_eq!(v.runway.trend_runs_out_week, trend_week);
    assert_ne!(v.runway.trend_runs_out_week, v.runway.runs_out_week);
    // Each lever's saving is on the remaining weeks only, and says whether it keeps the term
    // within the budget.
    assert!(!v.runway.levers.is_empty());
    for lever in &v.runway.levers {
        assert!(close(lever.term_usd, f.total_usd - lever.saving_usd, 1e-9));
        assert_eq!(lever.within, lever.term_usd <= s.planning.budget_usd);
    }
    // The status paragraph.
    let money = |x: f64| format!("${x:.0}");
    let text = status(
        &v.placement,
        f,
        &v.runway,
        &money,
        "https://example.org/#s=abc",
    );
    let planned: f64 = week.iter().take(6).sum::<f64>() / 1.3;
    let expected = format!(
        "As of week 6: {} spent of {} planned to date; forecast for the term {} ({}-{}); the \
         budget of {} lasts to week {} of {weeks}.",
        money(spent),
        money(planned),
        money(cumulative[weeks - 1]),
        money(spent + remaining_plan),
        money(spent + 1.3 * remaining_plan),
        money(s.planning.budget_usd),
        at + 1
    );
    assert!(text.starts_with(&expected), "{text}\n{expected}");
    assert!(text.ends_with("Scenario: https://example.org/#s=abc"));
}

#[test]
fn charges_outside_the_term_are_named_and_not_counted() {
    let s = scenario();
    let k = vec![1.0; s.course.labs.len() + 1];
    let mut text = generated(&s, &k, 0..42);
    // $50 on 2024-12-01 and $70 on 2025-06-01, outside a 16-week term from 2025-01-21.
    text.push_str(&row(day_of(2024, 12, 1).unwrap(), 50.0, 1.0, "ip", "{}"));
    text.push_str(&row(day_of(2025, 6, 1).unwrap(), 70.0, 1.0, "ip", "{}"));
    let v = view(&s, &[&read(&text)]);
    let p = &v.placement;
    assert!(close(p.before_usd, 50.0, 1e-9) && close(p.after_usd, 70.0, 1e-9));
    let (spent, _) = to_date(&s, &k, 0..42);
    assert!(close(v.forecast.spent_usd, spent, 1e-6));
    let words = p.outside(&|x| format!("${x:.2}")).unwrap();
    let end = day_text(start() + 7 * p.weeks.len() as i64 - 1);
    assert_eq!(
        words,
        format!(
            "Charges outside the term, not counted: $50.00 before week 1 (2025-01-21) and $70.00 \
             after week {} ({end}).",
            p.weeks.len()
        )
    );
}

/// The official FOCUS 1.0 sample (tests/fixtures/focus/README.md), as published.
const SAMPLE: &str = include_str!("fixtures/focus/focus-1.0-sample.csv");

#[test]
fn the_official_sample_is_outside_the_paper_term_and_placed_from_its_own_month() {
    let s = scenario();
    let sample = read(SAMPLE);
    let v = view(&s, &[&sample]);
    let words = v.placement.outside(&|x| format!("${x:.2}")).unwrap();
    assert!(words.starts_with("None of the bill's charges"), "{words}");
    assert!(words.contains("2025-01-21"), "{words}");
    // Week 1 from 2024-09-01: every charge of September 2024 falls in weeks 1 to 5.
    let mut s = s;
    s.planning.term_start_day = day_of(2024, 9, 1).unwrap() as f64;
    let v = view(&s, &[&sample]);
    let all = records(SAMPLE);
    let column = |name: &str| all[0].iter().position(|c| c == name).unwrap();
    let (billed, from) = (column("BilledCost"), column("ChargePeriodStart"));
    let by_hand: f64 = all[1..]
        .iter()
        .filter(|r| r[from].starts_with("2024-09"))
        .filter_map(|r| r[billed].parse::<f64>().ok())
        .sum();
    assert!(
        close(v.forecast.spent_usd, by_hand, 1e-9),
        "{} {by_hand}",
        v.forecast.spent_usd
    );
    assert_eq!(v.placement.as_of_week(), 5);
}

#[test]
fn files_opened_together_read_as_one() {
    let s = scenario();
    let k = known_overruns(&s);
    let one = read(&generated(&s, &k, 0..42));
    let (a, b) = (
        read(&generated(&s, &k, 0..21)),
        read(&generated(&s, &k, 21..42)),
    );
    let whole = view(&s, &[&one]);
    let split = view(&s, &[&a, &b]);
    assert!(close(
        split.forecast.total_usd,
        whole.forecast.total_usd,
        1e-9
    ));
    assert!(close(
        split.forecast.spent_usd,
        whole.forecast.spent_usd,
        1e-9
    ));
    assert_eq!(split.runway.runs_out_week, whole.runway.runs_out_week);
}

#[test]
fn applying_the_observed_factors_multiplies_each_resource_by_its_ratio_with_guards() {
    let s = scenario();
    let uniform = vec![1.3; s.course.labs.len() + 1];
    let bill = read(&generated(&s, &uniform, 0..42));
    let term = TermBill::of([&bill]);
    let v = view(&s, &[&bill]);
    let c = observed_factors(&term, &v.placement, &s).unwrap();
    assert!(!c.needs_confirmation(), "{:?}", c.guards);
    for row in c.rows.iter().filter(|r| r.to != r.from) {
        assert!(close(row.to, row.from * 1.3, 1e-6), "{}", row.label);
    }
    let mut applied = s.clone();
    c.apply_to(&mut applied);
    assert!(applied
        .bill_note
        .as_ref()
        .unwrap()
        .text
        .contains("weeks 1-6"));
    // Twelve times the plan: each factor set moves more than tenfold, which waits.
    let twelve = vec![12.0; s.course.labs.len() + 1];
    let bill = read(&generated(&s, &twelve, 0..42));
    let v = view(&s, &[&bill]);
    let c = observed_factors(&TermBill::of([&bill]), &v.placement, &s).unwrap();
    assert!(c
        .guards
        .iter()
        .any(|g| matches!(g, Guard::Tenfold(_, r) if close(*r, 12.0, 1e-6))));
}

#[test]
fn the_term_start_travels_in_links_and_old_links_keep_the_presets_day() {
    let preset = paper();
    let mut s = preset.scenario.clone();
    assert_eq!(Setting::TermStartDay.get(&s), start() as f64);
    *Setting::TermStartDay.slot(&mut s) = day_of(2025, 9, 2).unwrap() as f64;
    let decoded = decode(&encode(&s, preset), catalog()).unwrap();
    assert_eq!(
        decoded.scenario.planning.term_start_day,
        s.planning.term_start_day
    );
    // A version 3 link, written before the setting existed, opens on the preset's day.
    let corpus: serde_json::Value = serde_json::from_str(include_str!("links/v3.json")).unwrap();
    let payload = corpus[0]["payload"].as_str().unwrap();
    let old = decode(payload, catalog()).unwrap();
    assert_eq!(old.scenario.planning.term_start_day, start() as f64);
    assert!(old.notices.is_empty(), "{:?}", old.notices);
}

#[test]
fn applying_through_the_state_is_one_undo_step_and_the_status_follows_its_scenario() {
    use course_cost::state::{Action, ScenarioState};
    use std::rc::Rc;
    let state = Rc::new(ScenarioState::from_sources(None, None).unwrap());
    let s: Scenario = (**state.scenario).clone();
    let twelve = vec![12.0; s.course.labs.len() + 1];
    let bill = read(&generated(&levers_off(&s), &twelve, 0..42));
    let v = view(&s, &[&bill]);
    let c = Rc::new(observed_factors(&TermBill::of([&bill]), &v.placement, &s).unwrap());
    // Unconfirmed, a tenfold change is refused with the warning; confirmed, it is one step.
    let refused = state.clone().apply(Action::CalibrateFromBill {
        calibration: c.clone(),
        confirmed: false,
    });
    assert_eq!(*refused.scenario, *state.scenario);
    let applied = state.clone().apply(Action::CalibrateFromBill {
        calibration: c,
        confirmed: true,
    });
    assert_ne!(*applied.scenario, *state.scenario);
    assert_eq!(*applied.apply(Action::Undo).scenario, *state.scenario);
    // The status paragraph is kept for the scenario it was made for, and only for it.
    let kept = state
        .clone()
        .apply(Action::TermStatus(Some("As of week 6".into())));
    assert_eq!(kept.term_status(), Some("As of week 6"));
    assert_eq!(*kept.scenario, *state.scenario);
    let edited = kept.apply(Action::EditNumber {
        field: Setting::Students.into(),
        text: "200".into(),
    });
    assert_eq!(edited.term_status(), None);
}
