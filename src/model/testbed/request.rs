//! The paragraph an instructor pastes into an allocation request, one per testbed: the course,
//! its resources with their hours, rates and SUs, the overrun assumed, the allocation it needs,
//! every rate's source with its date, and the link that reproduces the estimate. The page's Copy
//! buttons and the Markdown export write the same text.

use crate::model::format;
use crate::model::plural::plural;
use crate::model::scenario::Scenario;
use crate::model::testbed::data::Testbeds;
use crate::model::testbed::twin::{ResourceRow, TestbedTwin};
use crate::model::testbed::words;

/// The course in a sentence, with the overrun it assumes. `escape` makes user text safe for the
/// target format (identity for plain text).
fn course_sentence(scenario: &Scenario, escape: &dyn Fn(&str) -> String) -> String {
    let course = &scenario.course;
    let title = scenario.title.trim();
    let name = if title.is_empty() {
        "The course".to_string()
    } else {
        format!("The course \"{}\"", escape(title))
    };
    let realism = &scenario.realism;
    format!(
        "{name} enrolls {} {} in {} lab {} and a {}-week group project. Actual use is taken as the lab texts' plan times an overrun factor: lab VMs {}x, lab bare metal {}x, project VMs {}x, project GPU nodes {}x.",
        format::number(course.students, 0),
        plural(course.students, "student", "students"),
        course.labs.len(),
        plural(course.labs.len() as f64, "assignment", "assignments"),
        format::quantity(course.project.weeks),
        format::quantity(realism.labs.vm),
        format::quantity(realism.labs.bare_metal),
        format::quantity(realism.project.vm),
        format::quantity(realism.project.bare_metal),
    )
}

/// "m1.medium: 95,310 h x 0.04 SU/h = 3,812 SU" for each row `rate` charges, by the hours
/// `hours` gives, and a reservation's node-hours where `leased` (Chameleon: "reserved 1,824
/// node-hours x 2 SU/h = 3,648 SU").
fn resource_terms(
    rows: &[ResourceRow],
    rate: &dyn Fn(&ResourceRow) -> Option<(String, f64)>,
    leased: bool,
) -> String {
    rows.iter()
        .filter_map(|row| {
            let (what, per_hour) = rate(row)?;
            let hours = if leased {
                row.actual_hours - row.reserved_hours
            } else {
                row.actual_hours
            };
            let mut term = format!(
                "{what}: {} h x {} = {}",
                format::number(hours, 0),
                words::su_per_hour(per_hour),
                words::su(hours * per_hour)
            );
            if leased && row.lease_hours > 0.0 && hours < 0.5 {
                term = format!("{what}:");
            }
            if leased && row.lease_hours > 0.0 {
                term.push_str(&format!(
                    "{}reserved for the project {} node-hours x {} = {}",
                    if term.ends_with(':') { " " } else { ", " },
                    format::number(row.lease_hours, 0),
                    words::su_per_hour(per_hour),
                    words::su(row.lease_hours * per_hour)
                ));
            }
            Some(term)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The reserved pool in a sentence, both readings named: "The project's reserved nodes are
/// charged for their whole reservation ...".
fn reserved_sentence(twin: &TestbedTwin, lease_rule: &str) -> String {
    let Some(pool) = &twin.reserved else {
        return String::new();
    };
    format!(
        " The project's reserved nodes are charged for their whole reservation ({}): {} node-hours, {}; charged by the hours the groups used on them instead, they would be {}.",
        lease_rule.trim_end_matches('.'),
        format::number(pool.node_hours, 0),
        words::su(pool.lease.chameleon),
        words::su(pool.used.chameleon),
    )
}

/// The resources a testbed does not count, with the reason: "raspberrypi5: CHI@Edge devices
/// have no published SU rate, ...".
fn uncounted(rows: &[ResourceRow], note: &dyn Fn(&str) -> Option<&'static str>) -> String {
    rows.iter()
        .filter_map(|row| {
            note(&row.resource).map(|n| format!("{}: {}", row.resource, n.trim_end_matches('.')))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The Chameleon request.
pub fn chameleon_request(
    scenario: &Scenario,
    twin: &TestbedTwin,
    link: &str,
    escape: &dyn Fn(&str) -> String,
) -> String {
    let testbeds = Testbeds::builtin();
    let rules = &testbeds.chameleon;
    let actual = &twin.actual;
    let terms = resource_terms(
        &twin.rows,
        &|row| row.rates.chameleon.map(|r| (row.resource.clone(), r)),
        true,
    );
    let skipped = uncounted(&twin.rows, &|id| {
        testbeds
            .mapping(id)
            .filter(|m| m.chameleon.is_empty())
            .map(|m| m.chameleon_note)
    });
    let mut text = format!(
        "{} On Chameleon, at the SU rates in force {} ({}), it uses {}: {terms}; {} at planned hours.",
        course_sentence(scenario, escape),
        rules.current.in_force,
        testbeds.cited(rules.current.source),
        words::su(actual.split.total().chameleon),
        words::su(twin.planned.split.total().chameleon),
    );
    text.push_str(&reserved_sentence(twin, rules.lease_rule));
    if !skipped.is_empty() {
        text.push_str(&format!(" Left out: {skipped}."));
    }
    let fit = &actual.chameleon;
    let request = match words::recharge_count(fit) {
        Some(recharges) => format!(
            "one allocation of {} and {recharges} ({} in all)",
            words::su(fit.allocation_su),
            words::su(fit.allocations * fit.allocation_su)
        ),
        None => format!("one allocation of {}", words::su(fit.allocation_su)),
    };
    text.push_str(&format!(
        " A new project holds {} for {} months ({}); the course {}. We request {request}. {}",
        words::allocation_su(fit.allocation_su),
        format::quantity(rules.allocation_months),
        testbeds.cited(rules.allocation_source),
        words::recharges(fit),
        rules.recharge_note,
    ));
    text.push_str(&format!(
        " The estimate, with every assumption and source: {link}"
    ));
    text
}

/// The Jetstream2 (ACCESS) request.
pub fn jetstream_request(
    scenario: &Scenario,
    twin: &TestbedTwin,
    link: &str,
    escape: &dyn Fn(&str) -> String,
) -> String {
    let testbeds = Testbeds::builtin();
    let (js2, access) = (&testbeds.jetstream, &testbeds.access);
    let actual = &twin.actual;
    let mut terms = resource_terms(
        &twin.rows,
        &|row| {
            let mapping = testbeds.mapping(&row.resource)?;
            let rate = row.rates.jetstream?;
            let count = format::quantity(mapping.jetstream_count);
            Some((
                format!("{} as {count}x {}", row.resource, mapping.jetstream),
                rate,
            ))
        },
        false,
    );
    let (lab_gb, project_gb) = twin.storage_credits;
    if lab_gb + project_gb > 0.0 {
        terms.push_str(&format!(
            "; storage, the project's volumes and the largest lab's allocated at once: {} ({}, {})",
            words::credits(lab_gb + project_gb),
            js2.storage_rule.trim_end_matches('.'),
            testbeds.cited(js2.storage_source),
        ));
    }
    let storage: Vec<&str> = twin
        .rows
        .iter()
        .filter(|r| r.storage)
        .map(|r| r.resource.as_str())
        .collect();
    let skipped = uncounted(&twin.rows, &|id| {
        testbeds
            .mapping(id)
            .filter(|m| m.jetstream.is_empty() && !storage.contains(&id))
            .map(|m| m.jetstream_note)
    });
    let fit = &actual.access;
    let mut text = format!(
        "{} On Jetstream2, where {} ({}), at its flavors' rates ({}; {}), it uses {}: {terms}; {} at planned hours.",
        course_sentence(scenario, escape),
        js2.credit_rule,
        testbeds.cited(js2.credit_source),
        js2.rates_in_force,
        testbeds.cited("JS2-FLAVORS,JS2-GPU-2024"),
        words::credits(fit.credits),
        words::credits(twin.planned.access.credits),
    );
    if !skipped.is_empty() {
        text.push_str(&format!(" Left out: {skipped}."));
    }
    text.push_str(&format!(
        " We request {} ({})",
        words::tier(fit, access),
        testbeds.cited(access.before_report_source),
    ));
    let half = words::first_half(fit);
    if !half.is_empty() {
        text.push_str(&format!("; {half}"));
    }
    if let Some(supplement) = words::supplement(fit, access) {
        text.push_str(&format!(
            "; {supplement} ({})",
            testbeds.cited(access.supplement_source)
        ));
    }
    text.push_str(&format!(
        ". The estimate, with every assumption and source: {link}"
    ));
    text
}
