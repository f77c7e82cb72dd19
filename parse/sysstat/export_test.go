package sysstat

// The layouts the tests expect, by name.
const (
	IostatCPUOnly = iostatCPUOnly
	IostatDefault = iostatDefault
	IostatNewX    = iostatNewX
	IostatOldX    = iostatOldX
	IostatX12     = iostatX12
	MpstatGnice   = mpstatGnice
	MpstatGuest   = mpstatGuest
	MpstatUser    = mpstatUser
	VmstatGuest   = vmstatGuest
	VmstatNoSteal = vmstatNoSteal
	VmstatSteal   = vmstatSteal
)
